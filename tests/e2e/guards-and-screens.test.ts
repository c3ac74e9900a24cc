import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { signUp, signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import type { Page } from 'playwright-core';

async function adoptSession(page: Page, client: TestClient, url: string) {
  const [name, value] = [...client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

describe.skipIf(!chromiumAvailable)('route guards, 404 and maintenance in Chromium', () => {
  const app = useE2eApp();

  it('sends a signed-out visitor from /onboarding, every creator page and /verify-email to /login', async () => {
    const { page, errors } = await app.open();
    await page.goto(`${app.server.url}/onboarding`);
    await page.waitForURL('**/login');
    await page.goto(`${app.server.url}/dashboard/overview`);
    await page.waitForURL('**/login');
    await page.goto(`${app.server.url}/settings/advanced`);
    await page.waitForURL('**/login');
    await page.goto(`${app.server.url}/verify-email`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('sends an unverified user from /onboarding and every creator page to /verify-email', async () => {
    const account = await signUp(app.server);
    const { page, errors } = await app.open();
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/upload`);
    await page.waitForURL('**/verify-email');
    await page.goto(`${app.server.url}/onboarding`);
    await page.waitForURL('**/verify-email');
    await page.getByText(account.email).waitFor();
    expect(errors).toEqual([]);
  });

  it('sends a user whose session ended elsewhere to /login at the next call the server refuses', async () => {
    const account = await signUp(app.server);
    const { page, errors } = await app.open();
    await adoptSession(page, account.client, app.server.url);
    await page.clock.install();
    await page.goto(`${app.server.url}/verify-email`);
    await page.getByText(account.email).waitFor();
    // The page's 5-second poll would find the session gone by itself: the browser's clock stands still from here
    // (a second ahead, so it is never in the past; a poll it brings due still sees the live session), so only the click can.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Signed out in another place: the server ends the session this tab still believes in.
    expect((await account.client.post('/api/auth/logout')).status).toBe(204);
    await page.getByRole('button', { name: 'Resend email' }).click();
    await page.waitForURL('**/login');
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(unexpectedErrors(errors, [401])).toEqual([]);
  });

  it('sends a verified user from /login and /signup to /onboarding, whose sidebar leads to real screens', async () => {
    const account = await signUpVerified(app.server, { fullName: 'Octavia Butler' });
    const { page, errors } = await app.open();
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/login`);
    await page.waitForURL('**/onboarding');
    await page.goto(`${app.server.url}/signup`);
    await page.waitForURL('**/onboarding');
    await page.getByText(/Octavia/).first().waitFor();
    await page.getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    expect(await page.title()).toBe('Support | Creator Platform');
    // Inside the creator layout, with one main landmark on the page.
    await page.getByRole('navigation', { name: 'Creator area' }).waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('folds the sidebar into a drawer at 375px whose submenus toggle, closed by a tap beside it or Escape', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open({ width: 375 });
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/onboarding`);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const upload = page.getByRole('link', { name: 'Upload content' });
    expect(await upload.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await upload.waitFor();
    const dashboard = page.getByRole('button', { name: 'Dashboard' });
    expect(await dashboard.getAttribute('aria-expanded')).toBe('false');
    await dashboard.click();
    expect(await page.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/dashboard/overview');
    await dashboard.click();
    expect(await page.getByRole('link', { name: 'Overview' }).count()).toBe(0);

    // A tap on the dimmed page beside the drawer closes it.
    await page.mouse.click(360, 400);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await upload.isVisible()).toBe(false);

    await menu.click();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('shows the 404 screen for an unknown path, answered with the status 404 and noindex, and a way back', async () => {
    const { page, errors } = await app.open();
    const response = await page.goto(`${app.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await page.getByText('Oops, page not found').waitFor();
    expect(await page.title()).toBe('404 | Page Not Found');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.getByRole('link', { name: 'Back to reality' }).click();
    await page.waitForURL(`${app.server.url}/`);
    // Chromium notes the page's own 404 in the console; nothing else may be there.
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  it('replaces the whole app with the maintenance screen when the settings row is flipped', async () => {
    const { page, errors } = await app.open();
    await app.server.handle.db.update(settings).set({ maintenance: true }).where(eq(settings.id, true));
    try {
      await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(true);
      await page.goto(`${app.server.url}/login`);
      await page.getByRole('heading', { name: "We're Upgrading..." }).waitFor();
      expect(await page.title()).toBe('503 | Scheduled Maintenance');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex.*nofollow|nofollow.*noindex/);
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
      const contact = page.getByRole('link', { name: 'Contact Support' });
      expect(await contact.getAttribute('href')).toMatch(/^mailto:support@creator\.test\?subject=.+&body=.+/);
      expect(await page.getByRole('heading', { name: 'Welcome back' }).count()).toBe(0);
    } finally {
      await app.server.handle.db.update(settings).set({ maintenance: false }).where(eq(settings.id, true));
    }
    await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The shell itself answered 503 during maintenance, which the browser logs.
    expect(unexpectedErrors(errors, [503])).toEqual([]);
  });

  it('shows the maintenance screen in a tab opened before maintenance began, at its next API call, without a reload', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // Survives only as long as this document does: a reload would forget it.
    await page.evaluate(() => Object.assign(window, { openedBeforeMaintenance: true }));
    await app.server.handle.db.update(settings).set({ maintenance: true }).where(eq(settings.id, true));
    try {
      await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(true);
      await page.getByLabel(/^email/i).fill(account.email);
      await page.getByLabel(/^password/i).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: "We're Upgrading..." }).waitFor();
      expect(await page.getByRole('heading', { name: 'Welcome back' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as { openedBeforeMaintenance?: boolean }).openedBeforeMaintenance)).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await app.server.handle.db.update(settings).set({ maintenance: false }).where(eq(settings.id, true));
    }
    // The login never reached the server: no session was made.
    expect((await page.context().cookies()).filter((cookie) => cookie.name.endsWith('session'))).toEqual([]);
    expect(unexpectedErrors(errors, [503])).toEqual([]);
  });
});
