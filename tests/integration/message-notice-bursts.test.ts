/**
 * Issue 27 item 5: a member who sends several messages in a row, a minute
 * apart, made the creator get a notice per message, each one its delay after
 * the message it was about (and a creator's replies did the same to the
 * member). Messages within one notice delay make one notice per conversation
 * and reader, which says how many are unread; a message after that notice
 * starts the next window. The server's clock is the test's, and the test runs
 * the notice job itself, so nothing depends on how fast the machine is.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../../common/api/messages.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertMembership, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DELAY_SECONDS = 300;
const MINUTE = 60_000;

const time = createTestClock();
let server: TestServer;
let creator: Creator;
let member: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock, env: { MESSAGE_NOTICE_DELAY_SECONDS: String(DELAY_SECONDS) } });
  // The test runs the notice job itself: a scheduled run in the middle would take its messages.
  await server.services.jobs.stop();
  creator = await creatorWithSite(server);
  const tier = await insertTier(server.handle.db, creator.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
  member = await signUpVerified(server);
  await insertMembership(server.handle.db, { siteId: creator.siteId, userId: await userIdOf(server.handle.db, member.email), tierId: tier.id });
});

afterAll(async () => {
  await server?.stop();
});

async function noticesTo(email: string): Promise<number> {
  const rows = await server.handle.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'message-waiting')));
  return rows.length;
}

/** The notice job's pass, at the server's clock after moving it `minutes` on. */
async function after(minutes: number): Promise<void> {
  time.advance(minutes * MINUTE);
  await server.services.messageNotices.sendDue();
}

describe('several messages within the notice delay', () => {
  let conversationId: string;

  it('make the creator one notice, which counts them, whenever the job runs meanwhile', async () => {
    for (const text of ['First thought', 'Second thought', 'Third thought']) {
      const sent = await member.client.post<MessageAnswer>(`/api/sites/${creator.handle}/messages`, { text });
      expect(sent.status, sent.text).toBe(201);
      conversationId = sent.body.message.conversationId;
      await after(1);
    }
    // The first message is due two minutes later, the others one and two minutes after that: the job runs each minute.
    for (let minute = 0; minute < 6; minute += 1) await after(1);

    expect(await noticesTo(creator.email)).toBe(1);
    // The first mail to the address was its sign-up verification.
    const notice = (await server.smtp.waitForMail(creator.email, { count: 2 }))[1]!;
    expect(notice.text).toContain('3 unread messages');
    expect(notice.text).toContain('Third thought');
    expect(notice.links.some((link) => link.endsWith(`/messages?c=${conversationId}`))).toBe(true);
  });

  it('and a message after that notice starts the next window: one more notice, not one per message', async () => {
    for (const text of ['One more thing', 'And another']) {
      expect((await member.client.post(`/api/sites/${creator.handle}/messages`, { text })).status).toBe(201);
      await after(1);
    }
    for (let minute = 0; minute < 6; minute += 1) await after(1);
    expect(await noticesTo(creator.email)).toBe(2);
    const notice = (await server.smtp.waitForMail(creator.email, { count: 3 }))[2]!;
    // Still unread: the three before and the two since.
    expect(notice.text).toContain('5 unread messages');
  });

  it('the creator\'s replies in a row make the member one notice too', async () => {
    const memberEmail = (await server.handle.db.select({ email: users.email }).from(users).where(eq(users.email, member.email)))[0]!.email;
    for (const text of ['Thanks for writing', 'Here is the answer', 'And a link']) {
      const reply = await sendJson<MessageAnswer>(server, creator.client, 'POST', `/api/conversations/${conversationId}/messages`, { text });
      expect(reply.status, reply.text).toBe(201);
      await after(1);
    }
    for (let minute = 0; minute < 6; minute += 1) await after(1);
    expect(await noticesTo(memberEmail)).toBe(1);
    const notice = (await server.smtp.waitForMail(memberEmail, { count: 2 }))[1]!;
    expect(notice.text).toContain('3 unread messages');
    // The creator's side was not mailed again for its own replies.
    expect(await noticesTo(creator.email)).toBe(2);
  });
});
