import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClock } from '../support/test-server.ts';

describe.skipIf(!chromiumAvailable)('forgot password in Chromium', () => {
  const time = createTestClock();
  const app = useE2eApp({ clock: time.clock });

  it('sends the reset mail, sets a new password on the linked page, and signs in with it', async () => {
    const account = await signUpVerified(app.server);
    // One verification or reset mail per address a minute: the sign-up mail was the last one.
    time.advance(61_000);
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/login`);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByText('Please enter your email address first.').waitFor();

    await page.getByLabel(/^email/i).fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByText('Reset link sent! Check your email inbox (or spam).').waitFor();

    // Editing the e-mail clears the sent state.
    await page.getByLabel(/^email/i).fill(`${account.email}x`);
    await expect(page.getByText('Reset link sent! Check your email inbox (or spam).').count()).resolves.toBe(0);

    const mails = await app.server.smtp.waitForMail(account.email, { count: 2 });
    const resetLink = mails.at(-1)!.links[0]!;
    expect(resetLink).toContain('/reset-password?token=');
    const token = new URL(resetLink).searchParams.get('token')!;
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token is read, then replaced out of the address: neither it nor the history entry keeps it.
    expect(page.url()).toBe(`${app.server.url}/reset-password`);
    expect(await page.evaluate(() => window.location.href)).not.toContain(token);
    await page.goBack();
    await page.waitForURL('**/login');
    await page.goForward();
    await page.waitForURL('**/reset-password');
    expect(page.url()).not.toContain(token);
    await page.goto(resetLink);
    const newPassword = 'amber-lighthouse-42';
    await page.getByLabel(/new password/i).first().fill(newPassword);
    const confirm = page.getByLabel(/confirm/i);
    if ((await confirm.count()) > 0) await confirm.fill(newPassword);

    // The connection drops: that concerns no field, so the form's live region says it and the password stays unmarked.
    await page.route('**/api/auth/password-reset/confirm', (route) => route.abort());
    await page.getByRole('button', { name: /password/i }).last().click();
    await page.getByRole('alert').filter({ hasText: 'Network error. Please check your connection.' }).waitFor();
    expect(await page.getByLabel(/new password/i).first().getAttribute('aria-invalid')).not.toBe('true');
    await page.unroute('**/api/auth/password-reset/confirm');

    await page.getByRole('button', { name: /password/i }).last().click();
    await page.getByText(/password (was|has been) (changed|reset|updated)/i).first().waitFor();

    await gotoApp(page, `${app.server.url}/login`);
    await page.getByLabel(/^email/i).fill(account.email);
    await page.getByLabel(/^password/i).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/onboarding');

    // The same link does not work twice.
    await page.goto(resetLink);
    await page.getByLabel(/new password/i).first().fill('another-strong-pass-9');
    if ((await confirm.count()) > 0) await confirm.fill('another-strong-pass-9');
    await page.getByRole('button', { name: /password/i }).last().click();
    await page.getByText(/(no longer|not) valid|expired|already been used/i).first().waitFor();
    // The dropped connection is the browser's own network log line, caused on purpose above.
    expect(unexpectedErrors(errors, [400]).filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  });
});
