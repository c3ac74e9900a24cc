/**
 * The server sending a newsletter is killed mid-send while a second server is
 * up (issue 18 "Faults"): the second takes the delivery job over once the
 * first stops beating, the rows the first held come back when their lease
 * lapses, and each member gets the post exactly once. The SMTP server holds
 * its answers while the kill happens, so the messages in flight were never
 * accepted (no 250) and the test does not hang on when the kill lands.
 * Real server processes on one Postgres; PGlite is one process by design.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { emailRecipients, emailSends } from '../../db/email-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { insertMembership } from '../support/site-fixtures.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

const testDatabase: TestDatabase = await createTestDatabase();
const runs = Boolean(testDatabase.url);

let smtp: SmtpSink;
let handle: DatabaseHandle;
let first: ServerProcess;
let second: ServerProcess | undefined;
let creator: Creator;

const env = { EMAIL_RATE_PER_SECOND: '20', MAIL_LEASE_MS: '3000', MEDIA_JOB_HEARTBEAT_SECONDS: '10', QUEUE_SUPERVISE_SECONDS: '1', LOG_LEVEL: 'warn' };

beforeAll(async () => {
  if (!runs) return;
  smtp = await startSmtpSink();
  handle = await connectDatabase({ url: testDatabase.url! });
  first = await spawnServerProcess({ databaseUrl: testDatabase.url!, smtpUrl: smtp.url, env });
  await first.ready();
  // The account helpers want a test server; a process has what they use: its URL, the mail sink, the database.
  creator = await creatorWithSite({ url: first.url, smtp, handle } as unknown as TestServer);
}, 120_000);

afterAll(async () => {
  first?.kill();
  second?.kill();
  await handle?.close();
  await smtp?.stop();
  await testDatabase.drop();
});

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, deadlineMs = 60_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it.skipIf(!runs)('hands a killed server’s send to the other server, and each member gets the post exactly once', { timeout: 180_000 }, async () => {
  const siteTiers = await insertTiers(handle.db, creator.siteId);
  const emails: string[] = [];
  for (let index = 0; index < 40; index += 1) {
    const id = `killed${index}x${process.pid}`;
    const email = `killed-${index}-${process.pid}@members.example`;
    await handle.db.insert(users).values({ id, email, fullName: 'Reader', displayName: 'Reader', username: id.slice(0, 6), niche: '', role: 'member', emailVerified: true });
    await insertMembership(handle.db, { siteId: creator.siteId, userId: id, tierId: siteTiers.free.id });
    emails.push(email);
  }
  const viaFirst = { url: first.url } as unknown as TestServer;
  const created = await sendJson<{ post: { id: string } }>(viaFirst, creator.client, 'POST', '/api/posts', {
    title: 'Through a crash',
    visibility: 'public',
    status: 'draft',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Once each.' }] }] },
  });
  const postId = created.body.post.id;
  expect((await sendJson(viaFirst, creator.client, 'PATCH', `/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' })).status).toBe(200);

  const delivered = () => smtp.received.filter((mail) => mail.subject === 'Through a crash').length;
  await until(() => (delivered() >= 3 ? true : undefined), 'the first server to start sending');
  smtp.pause();
  second = await spawnServerProcess({ databaseUrl: testDatabase.url!, smtpUrl: smtp.url, env });
  await second.ready();
  // Mid-send: messages wait for an answer, and every message answered before the pause is recorded as sent.
  await until(async () => {
    const [send] = await handle.db.select().from(emailSends).where(eq(emailSends.postId, postId));
    const recorded = await handle.db.$count(emailRecipients, and(eq(emailRecipients.sendId, send!.id), eq(emailRecipients.status, 'sent')));
    return smtp.held > 0 && recorded === delivered() ? true : undefined;
  }, 'messages in flight');
  first.kill();
  await first.exited;
  await until(() => (smtp.held === 0 ? true : undefined), 'the dead connections to close');
  smtp.resume();

  const finished = await until(async () => {
    const [send] = await handle.db.select().from(emailSends).where(eq(emailSends.postId, postId));
    return send!.status === 'sent' ? send : undefined;
  }, 'the second server to finish the send', 120_000);
  expect(finished).toMatchObject({ queued: 40, sent: 40, failed: 0 });
  for (const email of emails) expect(smtp.mailsTo(email)).toHaveLength(1);
});
