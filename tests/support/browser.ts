/**
 * Chromium for e2e tests: Debian's Chromium driven by playwright-core
 * (nothing downloads a browser). Each page records console errors and failed
 * requests so a test can insist there were none.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The whole browser: Lighthouse (bench/) measures pages as a reader's Chrome renders them. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell when installed: the same Blink and V8 without the browser's own
 * UI: 43% less browser CPU over the e2e files on CI's 2 cores (docs/decisions/115). Playwright's
 * own default for headless runs is this shell too.
 */
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const chromiumAvailable = existsSync(E2E_CHROMIUM_PATH);

if (!chromiumAvailable) {
  console.warn(`\n!!!! e2e tests SKIPPED: no Chromium at ${E2E_CHROMIUM_PATH} (apt-get install chromium chromium-headless-shell) !!!!\n`);
}

/** `extraArgs`: a test's own flags, such as `--host-resolver-rules` to reach a custom domain on loopback. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: E2E_CHROMIUM_PATH,
    // Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

export interface ObservedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** `ignoreHTTPSErrors`: for a proxy whose certificates come from a test CA (tests/support/caddy.ts). */
export async function openPage(browser: Browser, options: { width?: number; height?: number; reducedMotion?: boolean; ignoreHTTPSErrors?: boolean } = {}): Promise<ObservedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
  });
  const page = await context.newPage();
  // A violation of our CSP is our bug even when the page carries on (a caught eval, say): every test sees it as an error.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile}`));
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors };
}

/**
 * Opens a page of the app and waits until React has taken it over. A page the
 * server pre-renders (docs/decisions/033) is on screen before its script runs;
 * a click in that moment would submit the bare form instead of the app's, which
 * a loaded machine makes long enough to hit.
 */
export async function gotoApp(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
