/**
 * Issue 8, "A mail sent twice": a provider slower than the worker's lease must
 * not make another server send the same mail again. Two servers on one
 * database and one slow SMTP sink, with a lease far shorter than one send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { queueTestMail } from '../support/outbox.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const LEASE_MS = 2000;
let slowSink: SmtpSink;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  // Each send takes many leases: without a lease kept alive during the send, the other server would claim the mail meanwhile.
  slowSink = await startSmtpSink({ answerDelayMs: LEASE_MS * 4 });
  const env = { MAIL_LEASE_MS: String(LEASE_MS), MAIL_WORKER_INTERVAL_MS: '20' };
  a = await startTestServer({ smtp: slowSink, env });
  b = await startTestServer({ shareWith: a, smtp: slowSink, env });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await slowSink?.stop();
});

describe('a provider slower than the lease', () => {
  it('still gets each mail once from two servers polling one outbox', async () => {
    const recipients = [uniqueEmail('slow1'), uniqueEmail('slow2')];
    await queueTestMail(a.handle.db, recipients);
    for (const recipient of recipients) await slowSink.waitForMail(recipient);
    const settled = async () => (await a.handle.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length === recipients.length;
    await expect.poll(settled, { timeout: 30_000 }).toBe(true);
    // Passes still in flight on either server finish here, so a second send could not arrive after the count.
    await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);

    for (const recipient of recipients) expect(slowSink.mailsTo(recipient), recipient).toHaveLength(1);
    for (const row of await a.handle.db.select().from(mailOutbox)) expect(row).toMatchObject({ status: 'sent', attempts: 1, claimId: null });
  });
});
