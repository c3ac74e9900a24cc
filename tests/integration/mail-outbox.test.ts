import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/mail/worker.ts';
import { signUp, uniqueEmail } from '../support/accounts.ts';
import { queueTestMail } from '../support/outbox.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Both servers read one clock, so a test moves retry back-off forward for both at once.
const time = createTestClock();
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ clock: time.clock });
  b = await startTestServer({ shareWith: a, clock: time.clock });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** Polls `check` (each round also runs both workers) until it holds; fails after a generous deadline, never on speed. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function rowsTo(recipients: string[]) {
  return a.handle.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
}

/** Waits for passes already running on either server to end, so nothing more can arrive unseen. */
async function drainWorkers(): Promise<void> {
  await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);
}

describe('an SMTP outage', () => {
  it('delays the mail of sign-ups on two servers and loses none, sending each exactly once', async () => {
    await a.smtp.stop();
    const recipients: string[] = [];
    try {
      for (let index = 0; index < 10; index += 1) {
        const { email } = await signUp(index % 2 === 0 ? a : b);
        recipients.push(email);
      }

      // Every mail was tried and failed; none is lost, all wait for a retry.
      const notYetTried = and(inArray(mailOutbox.recipient, recipients), eq(mailOutbox.attempts, 0));
      await eventually(async () => (await a.handle.db.$count(mailOutbox, notYetTried)) === 0, 'a first attempt at every mail');
      const failed = await rowsTo(recipients);
      expect(failed).toHaveLength(10);
      for (const row of failed) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
        expect(row.lastError).toBeTruthy();
        expect(row.nextAttemptAt.getTime()).toBe(time.clock().getTime() + retryDelayMs(1));
      }
    } finally {
      await a.smtp.restart();
    }
    expect(recipients.flatMap((email) => a.smtp.mailsTo(email))).toHaveLength(0);

    time.advance(retryDelayMs(1) + 1000);
    for (const email of recipients) await a.smtp.waitForMail(email);
    const sent = and(inArray(mailOutbox.recipient, recipients), eq(mailOutbox.status, 'sent'));
    await eventually(async () => (await a.handle.db.$count(mailOutbox, sent)) === 10, 'every mail marked sent');
    await drainWorkers();

    for (const email of recipients) {
      const mails = a.smtp.mailsTo(email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Verify your email');
      expect(mails[0]!.links[0]).toContain('/api/auth/verify-email?token=');
    }
    for (const row of await rowsTo(recipients)) {
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('gives a mail up as failed after the last of its attempts', async () => {
    const recipient = uniqueEmail('undeliverable');
    await queueTestMail(a.handle.db, [recipient], { nextAttemptAt: time.clock() });
    await a.smtp.stop();
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await eventually(
          async () => (await a.handle.db.$count(mailOutbox, and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.attempts, attempt)))) === 1,
          `attempt ${attempt}`,
        );
        time.advance(retryDelayMs(attempt) + 1000);
      }
      await eventually(
        async () => (await a.handle.db.$count(mailOutbox, and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.status, 'failed')))) === 1,
        'the mail marked failed',
      );
    } finally {
      await a.smtp.restart();
    }
    time.advance(2 * 60 * 60_000);
    await drainWorkers();
    const [row] = await rowsTo([recipient]);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(a.smtp.mailsTo(recipient)).toHaveLength(0);
  });

  it('gives a mail up at once when the provider refuses its recipient for good, and keeps sending the rest', async () => {
    const refused = uniqueEmail('rejected-mailbox');
    const fine = uniqueEmail('deliverable');
    await queueTestMail(a.handle.db, [refused, fine], { nextAttemptAt: time.clock() });
    await eventually(async () => (await rowsTo([refused, fine])).every((row) => row.status !== 'pending'), 'both mails settled');
    const rows = await rowsTo([refused, fine]);
    expect(rows.find((row) => row.recipient === refused)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.find((row) => row.recipient === refused)!.lastError).toMatch(/550/);
    expect(rows.find((row) => row.recipient === fine)).toMatchObject({ status: 'sent' });
    expect(a.smtp.mailsTo(fine)).toHaveLength(1);
  });
});

describe('two servers delivering one outbox', () => {
  it('never send one row twice (rows claimed FOR UPDATE SKIP LOCKED)', async () => {
    const recipients = Array.from({ length: 40 }, (_, index) => uniqueEmail(`outbox${index}`));
    // Queued for later, then made due at one instant, so both servers' workers go for the same rows.
    const later = new Date(time.clock().getTime() + 60 * 60_000);
    await queueTestMail(a.handle.db, recipients, { nextAttemptAt: later });
    time.advance(60 * 60_000 + 1000);
    const delivered = await Promise.all([
      a.services.mailWorker.runOnce(),
      b.services.mailWorker.runOnce(),
      a.services.mailWorker.runOnce(),
      b.services.mailWorker.runOnce(),
    ]);
    // One pass per server (a second call joins the pass in flight): together they cannot have sent more rows than exist.
    expect(delivered[0] + delivered[1]).toBeLessThanOrEqual(recipients.length);

    const sent = and(inArray(mailOutbox.recipient, recipients), eq(mailOutbox.status, 'sent'));
    await eventually(async () => (await a.handle.db.$count(mailOutbox, sent)) === recipients.length, 'every row sent');
    await drainWorkers();

    for (const recipient of recipients) expect(a.smtp.mailsTo(recipient), recipient).toHaveLength(1);
    // A row claimed twice would show a second attempt.
    expect(await a.handle.db.$count(mailOutbox, and(inArray(mailOutbox.recipient, recipients), gt(mailOutbox.attempts, 1)))).toBe(0);
  });
});
