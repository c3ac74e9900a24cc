/**
 * An SMTP outage during 100 sign-ups on two servers (issue 5, "Nothing lost"):
 * every verification mail arrives exactly once after SMTP returns, counted per
 * recipient in the sink, and its link verifies the right account.
 * mail-outbox.test.ts does the same for 10 sign-ups and one failed attempt each.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../../db/schema.ts';
import { retryDelayMs } from '../../../server/mail/worker.ts';
import { signUp } from '../../support/accounts.ts';
import { HIGH_RATE_LIMITS, printSummary } from '../../support/fault-checks.ts';
import { createTestClient } from '../../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../../support/test-server.ts';

const SIGN_UPS = 100;
const AT_ONCE = 10;

// Both servers read this clock, so a test moves retry back-off forward for both at once.
const time = createTestClock();
let a: TestServer;
let b: TestServer;
const counts = { 'sign-ups': 0, 'failed delivery attempts': 0, 'mails delivered': 0, 'mails lost': 0, 'mails sent twice': 0 };

beforeAll(async () => {
  a = await startTestServer({ clock: time.clock, env: HIGH_RATE_LIMITS });
  b = await startTestServer({ clock: time.clock, env: HIGH_RATE_LIMITS, shareWith: a });
});
afterAll(async () => {
  printSummary('nothing-lost', counts);
  await b?.stop();
  await a?.stop();
});

/** Runs a pass of both workers until `check` holds; fails after a generous deadline, never on speed. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`an SMTP outage during ${SIGN_UPS} sign-ups on two servers`, () => {
  it('delivers every verification mail exactly once after SMTP returns', async () => {
    const recipients: string[] = [];
    const ofThese = (condition: ReturnType<typeof eq>) => and(inArray(mailOutbox.recipient, recipients), condition);
    await a.smtp.stop();
    try {
      for (let start = 0; start < SIGN_UPS; start += AT_ONCE) {
        const batch = await Promise.all(Array.from({ length: AT_ONCE }, (_, offset) => signUp((start + offset) % 2 ? b : a)));
        recipients.push(...batch.map((account) => account.email));
      }
      counts['sign-ups'] = recipients.length;
      // Two rounds of failures: every mail tried and failed, then tried again after its back-off.
      for (const attempts of [1, 2]) {
        await eventually(async () => (await a.handle.db.$count(mailOutbox, ofThese(eq(mailOutbox.attempts, attempts)))) === SIGN_UPS, `attempt ${attempts} of every mail`);
        time.advance(retryDelayMs(attempts) + 1000);
      }
      const rows = await a.handle.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
      expect(rows).toHaveLength(SIGN_UPS);
      for (const row of rows) expect(row).toMatchObject({ status: 'pending', sentAt: null });
      counts['failed delivery attempts'] = rows.reduce((sum, row) => sum + row.attempts, 0);
    } finally {
      await a.smtp.restart();
    }

    await eventually(async () => (await a.handle.db.$count(mailOutbox, ofThese(eq(mailOutbox.status, 'sent')))) === SIGN_UPS, 'every mail marked sent');
    // Let passes already running on either server end, so nothing more can arrive unseen.
    await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);

    const perRecipient = recipients.map((email) => a.smtp.mailsTo(email).length);
    counts['mails delivered'] = perRecipient.reduce((sum, n) => sum + n, 0);
    counts['mails lost'] = perRecipient.filter((n) => n === 0).length;
    counts['mails sent twice'] = perRecipient.filter((n) => n > 1).length;
    expect(counts['mails lost']).toBe(0);
    expect(counts['mails sent twice']).toBe(0);
    expect(counts['mails delivered']).toBe(SIGN_UPS);

    // Each delivered link still works (24 hours have not passed) and verifies its own account.
    for (const [index, email] of recipients.entries()) {
      const [mail] = a.smtp.mailsTo(email);
      expect(mail!.subject).toContain('Verify your email');
      const followed = await createTestClient((index % 2 ? b : a).url).visit(mail!.links[0]!);
      expect(followed.headers.get('location'), email).toBe('/login?verified=1');
    }
    expect(await a.handle.db.$count(users, and(inArray(users.email, recipients), eq(users.emailVerified, true)))).toBe(SIGN_UPS);
  });
});
