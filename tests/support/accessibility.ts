/** The checks every studio and site screen must pass in Chromium: no serious axe finding, nothing wider than the window. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe in "legacy mode": it runs in the page itself, where the default mode opens a blank page
 * beside it for every scan to merge the frames' results, and loads axe there again. Same findings
 * on our pages (no cross-origin frames), half the browser's CPU per scan. The tests read only the
 * violations, so axe details no other result type (docs/decisions/120).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/**
 * `exclude`: a selector of repeats axe need not check again, such as the rows of a long list past
 * its first screen: the same markup as the rows checked, and on a 200-row list most of a 10 s scan.
 */
export async function expectAccessible(page: Page, { exclude }: { exclude?: string } = {}): Promise<void> {
  const builder = axeScan(page);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
