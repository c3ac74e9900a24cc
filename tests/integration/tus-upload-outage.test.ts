/**
 * Issue 27 item 5: an upload created (tus POST) while Postgres goes away
 * answered 500; like every other route, it answers 503 with a code and
 * Retry-After, and uploads work again once Postgres is back. The outage comes
 * at the one moment that matters: the caller's session and site were read,
 * and the creation's own transaction waits on the site's quota lock (held
 * here by the test), when the private cluster is stopped under it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload } from '../support/media.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import type { TestServer } from '../support/test-server.ts';

let database: PrivatePostgres;
let smtp: SmtpSink;
let server: ServerProcess;
let dataDir: string;
let creator: Creator;

beforeAll(async () => {
  database = await startPrivatePostgres();
  smtp = await startSmtpSink();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tus-outage-'));
  server = await spawnServerProcess({ databaseUrl: database.url, smtpUrl: smtp.url, env: { DATA_DIR: dataDir } });
  await server.ready();
  const handle = await connectDatabase({ url: database.url, poolSize: 1 });
  try {
    // The account helpers want a test server; a process has what they use: its URL, the mail sink, the database.
    creator = await creatorWithSite({ url: server.url, smtp, handle } as unknown as TestServer);
  } finally {
    await handle.close();
  }
}, 120_000);

afterAll(async () => {
  server?.kill();
  await smtp?.stop();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs = 30_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`after ${deadlineMs} ms still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const declare = () => createUpload(server.url, creator.client, { length: 1000, filename: 'during-outage.png', filetype: 'image/png' });

describe('creating an upload while Postgres goes away', () => {
  it('answers 503 service-unavailable with Retry-After, not 500, and the server stays up', async () => {
    const locker = postgres(database.url, { max: 1, onnotice: () => {} });
    // The lock the creation's transaction takes before it counts the site's storage (server/media/storage-quota.ts).
    await locker`select pg_advisory_lock(hashtextextended(${`media-quota:${creator.siteId}`}, 0))`;
    const creating = declare();
    await eventually(async () => {
      const [waiting] = await locker`select 1 as found from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and pid <> pg_backend_pid()`;
      return waiting ? true : undefined;
    }, 'the upload creation to wait on the quota lock');

    // A fast stop ends every connection at once: the creation's transaction loses its connection, new ones are refused.
    await database.stop();
    await locker.end({ timeout: 1 }).catch(() => undefined);
    const { response } = await creating;

    expect(response.status, response.text).toBe(503);
    expect(JSON.parse(response.text)).toEqual({ error: { code: 'service-unavailable', message: expect.stringMatching(/\w/) } });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    // tus's own headers are still there: a tus client reads the answer as the protocol's.
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(server.child.exitCode).toBeNull();
    expect(server.logs.filter((line) => line.msg === 'upload failed')).toEqual([]);
    expect(server.output).toEqual([]);
  });

  it('creates uploads again once Postgres is back, without a restart', async () => {
    await database.start();
    await eventually(async () => ((await fetch(`${server.url}/healthz`)).status === 200 ? true : undefined), '/healthz 200 again');
    const { response, id } = await declare();
    expect(response.status, response.text).toBe(201);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
