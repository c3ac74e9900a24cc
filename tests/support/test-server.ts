/**
 * The real server for a test: real database (see test-database.ts), real SMTP
 * sink, real HTTP on loopback. Everything a test changes lives in its own
 * database, so files run in any order and in parallel.
 */
import { loadConfig } from '../../server/config/load-config.ts';
import { createLogger } from '../../server/logger.ts';
import { startServer, type RunningServer } from '../../server/runtime.ts';
import type { Clock } from '../../server/clock.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { levels, multistream, type DestinationStream, type Level, type StreamEntry } from 'pino';
import { freePort } from './free-port.ts';
import { guardedLogStream } from './log-guard.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createTestDatabase, TEST_POOL_SIZE, type TestDatabase } from './test-database.ts';

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  clientDir?: string;
  /** Reuse another test server's database and mail sink (several servers, one Postgres). */
  shareWith?: TestServer;
  smtp?: SmtpSink;
  /** Where the server's log lines at LOG_LEVEL go (stdout unless given), so a test can read them. */
  logStream?: DestinationStream;
  /** On embedded PGlite, as `npm start` runs, even when TEST_DATABASE_URL names a Postgres. */
  embeddedDatabase?: boolean;
}

export interface TestServer extends RunningServer {
  testDatabase: TestDatabase;
  handle: DatabaseHandle;
  smtp: SmtpSink;
  /** Stops this server and, unless shared, its database and mail sink. */
  stop(): Promise<void>;
}

/** The test's own settings on top of quiet logs, fast background loops and a small pool (TEST_POOL_SIZE). */
export function testEnvironment(port: number, smtpUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PORT: String(port),
    DATABASE_POOL_SIZE: String(TEST_POOL_SIZE),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtpUrl,
    SUPPORT_EMAIL: 'support@creator.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests read the lines as JSON, as a log collector does.
    LOG_FORMAT: 'json',
    MAIL_WORKER_INTERVAL_MS: '100',
    MAINTENANCE_POLL_MS: '1000',
    // The secrets a test server seals open with this key; unset, each server would write one into ./data.
    APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    ...extra,
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const shared = options.shareWith;
  const testDatabase = shared?.testDatabase ?? (await createTestDatabase({ embedded: options.embeddedDatabase ?? false }));
  const smtp = options.smtp ?? shared?.smtp ?? (await startSmtpSink());
  const handle = await testDatabase.connect();
  const start = async () => {
    const env = testEnvironment(await freePort(), smtp.url, {
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
      ...options.env,
    });
    const config = loadConfig(env);
    return startServer({
      config,
      logger: testLogger(config.logLevel, options.logStream),
      database: handle,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    });
  };
  // freePort's port is free when asked, not when the server listens: under a full run another process (an outgoing
  // connection's ephemeral port) took one in between (CI, 2026-11-28). A failed start stops what it started, so a
  // second port is simply tried.
  const running = await start().catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    return start();
  });
  return {
    ...running,
    testDatabase,
    handle,
    smtp,
    async stop() {
      await running.close();
      await handle.close();
      if (!shared) {
        if (!options.smtp) await smtp.stop();
        await testDatabase.drop();
      }
    },
  };
}

/**
 * The test's logger: lines at its LOG_LEVEL go where the test asked, and every
 * error line, even under the default 'silent', passes the log guard, which
 * fails the test on a write after the response was sent (log-guard.ts). Tests
 * that start a server themselves (startServer) pass it this logger too.
 */
export function testLogger(level: string, destination?: DestinationStream) {
  const streams: StreamEntry[] = [{ level: 'error', stream: guardedLogStream() }];
  if (level !== 'silent') streams.push({ level: level as Level, stream: destination ?? process.stdout });
  const lowest = streams.map((entry) => entry.level!).sort((a, b) => levels.values[a]! - levels.values[b]!)[0]!;
  return createLogger(lowest, multistream(streams));
}

/** A clock a test can move forward, to expire tokens and sessions without waiting. */
export function createTestClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}
