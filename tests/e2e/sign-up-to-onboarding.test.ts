import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { fillSignUpForm } from '../support/browser-signup.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';

describe.skipIf(!chromiumAvailable)('sign-up, verification and onboarding in Chromium', () => {
  const app = useE2eApp();

  it('signs up, waits on the verify screen, follows the mailed link, lands on onboarding by itself, logs out', async () => {
    const { page, errors } = await app.open();
    const email = uniqueEmail('e2e');
    await fillSignUpForm(page, app.server.url, { fullName: 'Nina Simone', email });

    await page.getByText(email).waitFor();
    await page.getByText('Checking verification...').waitFor();

    const [mail] = await app.server.smtp.waitForMail(email);
    const link = mail!.links[0]!;
    const other = await page.context().newPage();
    await other.goto(link);
    await other.waitForURL('**/onboarding');
    await other.close();

    // The waiting tab polls every 5 seconds and moves on by itself.
    await page.waitForURL('**/onboarding', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto(`${app.server.url}/onboarding`);
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
  });
});
