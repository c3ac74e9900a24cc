/** The sign-up form as a person fills it in Chromium, up to the verify screen. */
import type { Page } from 'playwright-core';
import { STRONG_PASSWORD } from './accounts.ts';
import { gotoApp } from './browser.ts';

export async function fillSignUpForm(page: Page, appUrl: string, { fullName, email, niche = 'music' }: { fullName: string; email: string; niche?: string }) {
  await gotoApp(page, `${appUrl}/signup`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel(/full name/i).fill(fullName);
  await page.getByLabel(/niche/i).selectOption(niche);
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(STRONG_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/verify-email');
}
