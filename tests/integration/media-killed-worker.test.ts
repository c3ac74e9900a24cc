/**
 * A server killed while it processes a video (ISSUE9 "Faults"): its job stops
 * beating, another server takes it over and finishes it, and in between the
 * item is never half-published (still `processing`, no derived files named).
 * Real server processes on one Postgres and one DATA_DIR; PGlite is a single
 * process by design, so there is nothing to take over there.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import { ffmpegAvailable } from '../../server/media/processing/ffmpeg.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { makeVideo, uploadBytes } from '../support/media.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

const hasFfmpeg = await ffmpegAvailable();
const testDatabase: TestDatabase | undefined = hasFfmpeg ? await createTestDatabase() : undefined;
const runs = hasFfmpeg && Boolean(testDatabase?.url);

let dataDir: string;
let smtp: SmtpSink;
let handle: DatabaseHandle;
let first: ServerProcess;
let second: ServerProcess | undefined;
let alice: Creator;

const env = () => ({ DATA_DIR: dataDir, MEDIA_JOB_HEARTBEAT_SECONDS: '10', QUEUE_SUPERVISE_SECONDS: '1', LOG_LEVEL: 'warn' });

beforeAll(async () => {
  if (!runs) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-killed-'));
  smtp = await startSmtpSink();
  handle = await connectDatabase({ url: testDatabase!.url! });
  first = await spawnServerProcess({ databaseUrl: testDatabase!.url!, smtpUrl: smtp.url, env: env() });
  await first.ready();
  // The account helpers want a test server; a process has what they use: its URL, the mail sink, the database.
  alice = await creatorWithSite({ url: first.url, smtp, handle } as unknown as TestServer);
}, 120_000);

afterAll(async () => {
  first?.kill();
  second?.kill();
  await handle?.close();
  await smtp?.stop();
  await testDatabase?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const rowOf = async (id: string) => (await handle.db.select().from(media).where(eq(media.id, id)))[0]!;

async function until<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs: number): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it.skipIf(!runs)('hands the job of a killed server to another, which publishes it whole', { timeout: 180_000 }, async () => {
  const clip = await makeVideo(dataDir, { seconds: 8, height: 1080, name: 'long.mp4' });
  const id = await uploadBytes(first.url, alice.client, await readFile(clip), 'long.mp4', 'video/mp4');
  await until(async () => ((await rowOf(id)).progress > 0 ? true : undefined), 'processing to start on the first server', 60_000);

  first.kill();
  await first.exited;
  const stopped = await rowOf(id);
  expect(stopped.status).toBe('processing');
  expect(stopped.derived).toEqual({});

  second = await spawnServerProcess({ databaseUrl: testDatabase!.url!, smtpUrl: smtp.url, env: env() });
  await second.ready();
  const done = await until(async () => {
    const row = await rowOf(id);
    return row.status === 'processing' ? undefined : row;
  }, 'the second server to finish the job', 150_000);
  expect(done.status).toBe('ready');
  expect(done.derived.hls?.heights).toEqual([360, 720, 1080]);

  // pg-boss marks the job completed once the handler has returned, a moment after the item is published.
  const job = await until(async () => {
    const result: unknown = await handle.db.execute(sql`select state, retry_count from pgboss.job where name = 'media.process' and data->>'mediaId' = ${id}`);
    const [row] = result as { state: string; retry_count: number }[];
    return row?.state === 'active' ? undefined : row;
  }, 'the job to be marked done', 30_000);
  expect(job?.state).toBe('completed');
  expect(job?.retry_count).toBeGreaterThanOrEqual(1);
});
