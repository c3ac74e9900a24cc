import { describe, expect, it } from 'vitest';
import { signUp, signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';

describe.skipIf(!chromiumAvailable)('form messages of SPEC.md sections 5 and 8 in Chromium', () => {
  const app = useE2eApp();

  it('shows every sign-up validation message and keeps what was typed', async () => {
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of [
      'Full name is required.',
      'Enter a valid email address.',
      'Password must be at least 8 characters.',
      'Please select your niche.',
      'You must agree to the Terms and Privacy Policy to create an account.',
    ]) {
      await page.getByText(message).waitFor();
    }
    // Focus lands on the first field with a problem, in the order of the form.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-full-name');
    await page.getByLabel(/full name/i).fill('Maya Angelou');
    await page.getByLabel(/niche/i).selectOption('other');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please specify your niche.').waitFor();
    expect(await page.getByLabel(/full name/i).inputValue()).toBe('Maya Angelou');
    const email = page.getByLabel(/^email/i);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('shows the server answer for a taken address under the e-mail field', async () => {
    const existing = await signUp(app.server);
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/signup`);
    await page.getByLabel(/full name/i).fill('Second Person');
    await page.getByLabel(/niche/i).selectOption('art');
    await page.getByLabel(/^email/i).fill(existing.email);
    await page.getByLabel(/^password/i).fill('violet-harbour-71');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('This email is already in use.').waitFor();
    expect(unexpectedErrors(errors, [409])).toEqual([]);
  });

  it('shows the login validation messages and the server catalogue message', async () => {
    const account = await signUpVerified(app.server);
    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/login`);
    await page.getByLabel(/^email/i).fill('test');
    await page.getByLabel(/^password/i).fill('short');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Password must be at least 8 characters long.').waitFor();

    await page.getByLabel(/^email/i).fill(account.email);
    await page.getByLabel(/^password/i).fill('wrong-password-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid login credentials.').waitFor();

    // The password field's show/hide toggle reveals what was typed.
    const password = page.getByLabel(/^password/i);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: /show password/i }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(unexpectedErrors(errors, [401])).toEqual([]);
  });
});
