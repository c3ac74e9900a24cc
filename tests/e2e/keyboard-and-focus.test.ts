import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';

async function adoptSession(page: Page, client: TestClient, url: string) {
  const [name, value] = [...client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

/** What has focus, in words a test can compare: tag, id or accessible text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName.toLowerCase(), id: active?.id ?? '', text: active?.textContent?.trim() ?? '', inDialog: Boolean(active?.closest('dialog')) };
  });
}

describe.skipIf(!chromiumAvailable)('focus and keyboard in Chromium', () => {
  const app = useE2eApp();

  it('leaves focus alone on the first load, then moves it to the new page\'s heading on every route change', async () => {
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await focused(page)).tag).toBe('body');

    await page.getByRole('navigation').getByRole('link', { name: 'About', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).text).toBe(await page.getByRole('heading', { level: 1 }).textContent());

    // A screen outside the public layout, loaded as its own chunk: focus waits for its heading.
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await expect.poll(async () => (await focused(page)).text).toBe('Welcome back');
    expect(errors).toEqual([]);
  });

  it('gives the creator layout a skip link to the content, first in the Tab order', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open();
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/onboarding`);
    await page.getByRole('textbox', { name: 'Handle' }).waitFor();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'content' });
    // The next Tab goes to the page's own first control, past the whole sidebar: the wizard's handle field.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'input', id: 'wizard-handle' });
    expect(errors).toEqual([]);
  });

  it('opens the sidebar at 375px as a modal drawer: focus inside and kept there, the page behind inert, Escape back to the menu button', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open({ width: 375 });
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/onboarding`);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Creator area menu' });
    await drawer.waitFor();
    expect(await drawer.getAttribute('aria-modal')).toBe('true');
    expect(await drawer.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(await focused(page)).toMatchObject({ inDialog: true, text: 'Close menu' });

    // Round and round: Tab never leaves the drawer, in either direction.
    const stops = new Set<string>();
    for (let press = 0; press < 20; press += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog, `Tab ${press + 1} left the drawer for ${now.tag} "${now.text}"`).toBe(true);
      stops.add(now.text);
    }
    expect(stops.size).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    // The drawer ends with the account's way out, after the links (docs/decisions/148).
    expect(await focused(page)).toMatchObject({ inDialog: true, text: 'Sign out' });
    // SPEC.md gives Support the relative path 'support': from the creator layout it is /support, a row of the table.
    expect(await page.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');

    // The page behind takes neither focus nor pointer.
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.evaluate((button) => (button as HTMLElement).focus());
    expect((await focused(page)).inDialog).toBe(true);
    const box = (await logout.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('dialog') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBe(true);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Menu' });
    expect(errors).toEqual([]);
  });

  it('closes the drawer when a link in it is followed, and focus goes to the new page\'s heading', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open({ width: 375 });
    await adoptSession(page, account.client, app.server.url);
    await page.goto(`${app.server.url}/onboarding`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Advanced' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings/advanced');
    await page.getByRole('dialog', { name: 'Creator area menu' }).waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).text).toBe('Advanced settings');
    expect((await focused(page)).tag).toBe('h1');
    // Once the page has settled: this creator has no site yet, and nothing asked the server about one.
    await page.getByText('You have no site yet.').waitFor();
    expect(errors).toEqual([]);
  });
});
