/**
 * Issue 8, "Nothing is ever deleted": one scheduled clean-up, run by one of the
 * servers per period, deletes what is past its retention and keeps the rest.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../../db/money-schema.ts';
import { authEvents, emailTokens, mailOutbox, rateLimits, sessions, users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { queueTestMail } from '../support/outbox.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY = 24 * 3600_000;
const INTERVAL_SECONDS = 6 * 3600;
const env = {
  CLEANUP_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
  RETENTION_MAIL_DAYS: '7',
  RETENTION_AUTH_EVENTS_DAYS: '90',
  RETENTION_EMAIL_TOKENS_DAYS: '1',
  RETENTION_RATE_LIMITS_DAYS: '2',
};
const time = createTestClock();
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ clock: time.clock, env });
  b = await startTestServer({ shareWith: a, clock: time.clock, env });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const ago = (milliseconds: number) => new Date(time.clock().getTime() - milliseconds);
const later = (milliseconds: number) => new Date(time.clock().getTime() + milliseconds);

/** The clean-up runs of both servers (the other periodic jobs, such as publishing scheduled posts, are tested on their own). */
async function runOnBoth() {
  const [onA, onB] = await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);
  return [...onA, ...onB].filter((name) => name === 'cleanup');
}

describe('the clean-up job', () => {
  it('deletes rows past their retention, keeps the rest, and runs on one server per period', async () => {
    const db = a.handle.db;
    const [user] = await db
      .insert(users)
      .values(buildNewUser({ email: uniqueEmail('kept'), fullName: 'Kept Around', niche: 'music', passwordHash: null, emailVerified: true, now: time.clock() }))
      .returning();
    const userId = user!.id;
    await db.insert(sessions).values([
      { id: 'session-expired', userId, expiresAt: ago(1000) },
      { id: 'session-live', userId, expiresAt: later(DAY) },
    ]);
    const token = (id: string, values: { usedAt?: Date; expiresAt: Date }) => ({ id, userId, email: user!.email, purpose: 'verify-email' as const, ...values });
    await db.insert(emailTokens).values([
      token('token-used-long-ago', { usedAt: ago(2 * DAY), expiresAt: later(DAY) }),
      token('token-expired-long-ago', { expiresAt: ago(2 * DAY) }),
      token('token-used-just-now', { usedAt: ago(1000), expiresAt: later(DAY) }),
      token('token-expired-just-now', { expiresAt: ago(1000) }),
      token('token-live', { expiresAt: later(DAY) }),
    ]);
    await db.insert(rateLimits).values([
      { key: 'old-window', count: 3, windowStartedAt: ago(3 * DAY) },
      { key: 'current-window', count: 3, windowStartedAt: ago(1000) },
    ]);
    const [sentOld, failedOld, pendingOld, sentNew] = [uniqueEmail('sent-old'), uniqueEmail('failed-old'), uniqueEmail('pending-old'), uniqueEmail('sent-new')];
    const farFuture = later(365 * DAY);
    await queueTestMail(db, [sentOld], { status: 'sent', createdAt: ago(8 * DAY), sentAt: ago(8 * DAY) });
    await queueTestMail(db, [failedOld], { status: 'failed', createdAt: ago(8 * DAY) });
    await queueTestMail(db, [pendingOld], { createdAt: ago(8 * DAY), nextAttemptAt: farFuture });
    await queueTestMail(db, [sentNew], { status: 'sent', createdAt: ago(DAY), sentAt: ago(DAY) });
    await db.insert(authEvents).values([
      { type: 'login-failed', email: 'old@example.com', ip: '192.0.2.1', createdAt: ago(91 * DAY) },
      { type: 'login-failed', email: 'recent@example.com', ip: '192.0.2.2', createdAt: ago(89 * DAY) },
    ]);
    // Stripe's event ids are kept 30 days: long past any retry of the same event.
    const eventId = (label: string) => `evt_cleanup_${label}_${process.pid}`;
    await db.insert(stripeEvents).values([
      { id: eventId('old'), type: 'invoice.paid', receivedAt: ago(31 * DAY) },
      { id: eventId('recent'), type: 'invoice.paid', receivedAt: ago(29 * DAY) },
    ]);

    time.advance(1000);
    expect(await runOnBoth()).toEqual(['cleanup']);

    expect((await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id)).toEqual(['session-live']);
    expect((await db.select({ id: emailTokens.id }).from(emailTokens).where(eq(emailTokens.userId, userId))).map((row) => row.id).sort()).toEqual([
      'token-expired-just-now',
      'token-live',
      'token-used-just-now',
    ]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, ['old-window', 'current-window']))).map((row) => row.key)).toEqual([
      'current-window',
    ]);
    const mail = await db.select({ recipient: mailOutbox.recipient }).from(mailOutbox).where(inArray(mailOutbox.recipient, [sentOld, failedOld, pendingOld, sentNew]));
    expect(mail.map((row) => row.recipient).sort()).toEqual([pendingOld, sentNew].sort());
    expect((await db.select({ email: authEvents.email }).from(authEvents).where(inArray(authEvents.email, ['old@example.com', 'recent@example.com']))).map((row) => row.email)).toEqual([
      'recent@example.com',
    ]);

    expect((await db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.id, [eventId('old'), eventId('recent')]))).map((row) => row.id)).toEqual([eventId('recent')]);

    // Not again within the period, on either server; once per period after it.
    time.advance((INTERVAL_SECONDS - 60) * 1000);
    expect(await runOnBoth()).toEqual([]);
    time.advance(61_000);
    expect(await runOnBoth()).toEqual(['cleanup']);
  });
});
