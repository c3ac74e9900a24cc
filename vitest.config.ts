import { defineConfig } from 'vitest/config';

/**
 * How many files run at once on CI's 2 cores (Vitest's default there is one). The tests spend much
 * of their time waiting on Postgres, servers, timers and Chromium: two files at a time left the
 * cores idle a quarter of a whole run (vmstat), so three run at a time (docs/decisions/121). The
 * e2e files, whose Chromium and server keep a core busy, run first as one group, then the
 * integration and unit files, which wait on timers, polls, second servers and SMTP far more than
 * they compute. Every file has its own database, server, port and browser (tests/support), so they
 * cannot see each other. Four integration files at once were faster still, but met Postgres's 100
 * connections ("sorry, too many clients already") even with a test server's small pool
 * (TEST_POOL_SIZE): each server's job queue holds four more.
 */
const E2E_WORKERS = 3;
const INTEGRATION_WORKERS = 3;
const E2E_FIRST = { groupOrder: 0 };
const INTEGRATION_AFTER = { groupOrder: 1 };

/**
 * The integration and e2e files of one worker share its module cache (`isolate: false`): each file
 * imported the whole server, Playwright and their dependencies again, which left a worker idle 30%
 * of the run (docs/decisions/115). Sharing is safe because nothing the tests build is global: each
 * file starts its own servers, database and browser and stops them in afterAll, and the server's
 * services get their dependencies passed in.
 */
const ISOLATE = false;

/**
 * How long `expect.poll` waits for what a test expects to come. Vitest's default, one second, is a
 * timing threshold: a first page load on a busy 2-core CI machine can take longer and failed a run.
 * A poll ends as soon as its value matches, so a long limit costs nothing when the code is right.
 */
const POLL = { timeout: 20_000, interval: 50 };

/**
 * Integration files that also run on embedded PGlite, as `npm start` runs the app (issue 27,
 * docs/decisions/129): on PGlite a read through the app's `db` inside one of its transactions
 * waits forever for the one connection, and the test harness turns that wait into an immediate,
 * named failure (tests/support/test-database.ts). These are the cheapest files that drive
 * services writing inside transactions (accounts and the mail renderer's link tokens,
 * verification, member billing, design, posts and their e-mail choice); ESLint's
 * local/no-database-in-transaction covers all code. The pglite-*.test.ts files force PGlite
 * themselves; the rest run on TEST_DATABASE_URL only.
 */
const ALSO_ON_PGLITE = ['signup', 'email-verification', 'member-billing', 'site-design', 'posts'].map((name) => `tests/integration/${name}.test.ts`);

/**
 * Three projects, one runner: `npm test` runs them all and prints one summary.
 * Unit tests sit beside their code; integration and e2e tests build the real app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          maxWorkers: INTEGRATION_WORKERS,
          sequence: INTEGRATION_AFTER,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // The server and CLI bundle the child-process tests start (tests/support/server-bundle.ts).
          globalSetup: ['tests/support/server-bundle.ts'],
          isolate: ISOLATE,
          setupFiles: ['tests/support/fail-on-log-offences.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: POLL },
          maxWorkers: INTEGRATION_WORKERS,
          sequence: INTEGRATION_AFTER,
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ALSO_ON_PGLITE,
          provide: { embeddedDatabase: true },
          isolate: ISOLATE,
          setupFiles: ['tests/support/fail-on-log-offences.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: POLL },
          // In the integration files' queue, which fill the cores' idle time beside them (docs/decisions/121). Vitest
          // runs one group with one pool size, so these take the integration files' and their turn in that queue.
          maxWorkers: INTEGRATION_WORKERS,
          sequence: INTEGRATION_AFTER,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          isolate: ISOLATE,
          setupFiles: ['tests/support/fail-on-log-offences.ts'],
          environment: 'node',
          // Long enough for a journey on a loaded 2-core machine; a limit only to end a hang.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          expect: { poll: POLL },
          maxWorkers: E2E_WORKERS,
          sequence: E2E_FIRST,
        },
      },
    ],
  },
});
