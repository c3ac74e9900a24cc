/** The checks every studio and site screen must pass in Chromium: no serious axe finding, nothing wider than the window. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * `exclude`: a selector of repeats axe need not check again, such as the rows of a long list past
 * its first screen: the same markup as the rows checked, and on a 200-row list most of a 10 s scan.
 */
export async function expectAccessible(page: Page, { exclude }: { exclude?: string } = {}): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
