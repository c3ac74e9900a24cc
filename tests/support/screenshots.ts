/**
 * The e2e journeys' screenshots are for a person to look at: they are taken
 * when SCREENSHOTS is set (`SCREENSHOTS=1 npm run test:e2e`), into the files
 * the tests name, and not in a run without it, such as CI's, where nobody
 * looks at them and a full-page PNG is among the costliest things Chromium does
 * (docs/decisions/117). A test that reads pixels takes its own screenshot.
 */
import type { Locator, Page } from 'playwright-core';

export const TAKING_SCREENSHOTS = Boolean(process.env.SCREENSHOTS);

export async function screenshot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await target.screenshot({ path, ...options });
}
