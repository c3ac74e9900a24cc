/**
 * One e2e environment per test file: the built client served by the real
 * server on a fresh database with an SMTP sink, and Chromium. `npm test`
 * builds dist/client first.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, openPage, type ObservedPage } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export const CLIENT_DIR = path.resolve('dist/client');

export interface E2eApp {
  server: TestServer;
  browser: Browser;
  open(options?: Parameters<typeof openPage>[1]): Promise<ObservedPage>;
}

/** Registers beforeAll/afterAll hooks and returns the environment, filled in once they ran. */
export function useE2eApp(options: TestServerOptions = {}): E2eApp {
  const app = {} as E2eApp;
  beforeAll(async () => {
    app.server = await startTestServer({ clientDir: CLIENT_DIR, ...options });
    app.browser = await launchChromium();
    app.open = (pageOptions) => openPage(app.browser, pageOptions);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** Console errors a test did not cause on purpose: expected 4xx answers of the API are the browser's network log, not app errors. */
export function unexpectedErrors(errors: readonly string[], allowedStatuses: readonly number[] = []): string[] {
  return errors.filter((error) => !allowedStatuses.some((status) => error.includes(`status of ${status}`)));
}
