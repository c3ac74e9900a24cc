/**
 * One e2e environment per test file: the built client served by the real
 * server on a fresh database with an SMTP sink, and Chromium. `npm test`
 * builds dist/client first.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, openPage, type ObservedPage } from './browser.ts';
import { startStripeServer, type StripeServer } from './stripe-server.ts';
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

/**
 * The e2e environment with the Stripe-protocol server beside it: the app gets its STRIPE_* variables and the
 * server delivers webhooks to the app's two endpoints. `stripe` is filled in by the time the tests run.
 */
export function useE2eAppWithStripe(options: Omit<TestServerOptions, 'env'> = {}): { app: E2eApp; stripe: StripeServer } {
  const env = { stripe: {} as StripeServer };
  // Filled in before useE2eApp's own beforeAll reads it: the app needs the Stripe server's address.
  const serverOptions: TestServerOptions = { ...options };
  beforeAll(async () => {
    env.stripe = await startStripeServer();
    serverOptions.env = env.stripe.env;
  });
  const app = useE2eApp(serverOptions);
  beforeAll(() => env.stripe.useApp(app.server.url));
  afterAll(async () => {
    await env.stripe.close?.();
  });
  return {
    app,
    get stripe() {
      return env.stripe;
    },
  };
}

/**
 * A fresh install as a self-hosting creator has it: no operator Stripe key, no Connect, no webhook secrets; only
 * where Stripe's API is (the local Stripe-protocol server), for the keys creators paste themselves (decision 144).
 */
export function useE2eAppWithOwnKeys(extraEnv: Record<string, string> = {}): { app: E2eApp; stripe: StripeServer } {
  const env = { stripe: {} as StripeServer };
  const serverOptions: TestServerOptions = {};
  beforeAll(async () => {
    env.stripe = await startStripeServer();
    serverOptions.env = { STRIPE_API_URL: env.stripe.url, ...extraEnv };
  });
  const app = useE2eApp(serverOptions);
  afterAll(async () => {
    await env.stripe.close?.();
  });
  return {
    app,
    get stripe() {
      return env.stripe;
    },
  };
}
