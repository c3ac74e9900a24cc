/**
 * Issue 27 item 5: a member who unsubscribed after their recipient row was
 * claimed for a batch, but before their message was handed to SMTP, still got
 * the newsletter: whether they were still subscribed was read only by the
 * claim. The mail server here holds every message unanswered, so the pooled
 * connections fill and the rest of the claimed batch waits for a turn; the
 * members unsubscribe (the one-click route) while it waits. Only the messages
 * already in SMTP's hands go out; the waiting ones are skipped.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { emailRecipients, emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { SMTP_POOL_CONNECTIONS } from '../../server/newsletters/newsletters-module.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { insertMembership } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** More than the pool's connections: the rest of the batch waits for a turn while the first ones are held. */
const MEMBERS = SMTP_POOL_CONNECTIONS + 3;

let server: TestServer;
let creator: Creator;
const members: { email: string; membershipId: string }[] = [];

beforeAll(async () => {
  // A rate well above MEMBERS: the whole send is one claim, before any message goes out.
  server = await startTestServer({ env: { EMAIL_RATE_PER_SECOND: '100' } });
  creator = await creatorWithSite(server);
  const tiers = await insertTiers(server.handle.db, creator.siteId);
  for (let index = 0; index < MEMBERS; index += 1) {
    const id = `claimed${process.pid}x${index}`;
    const email = `claimed-${index}-${process.pid}@members.example`;
    await server.handle.db.insert(users).values({ id, email, fullName: `Reader ${index}`, displayName: `Reader ${index}`, username: id.slice(0, 6), niche: '', role: 'member', emailVerified: true });
    const membership = await insertMembership(server.handle.db, { siteId: creator.siteId, userId: id, tierId: tiers.free.id, source: 'free' });
    members.push({ email, membershipId: membership.id });
  }
});

afterAll(async () => {
  server?.smtp.resume();
  await server?.stop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an unsubscribe between a batch\'s claim and its message\'s turn at SMTP', () => {
  it('holds: the member\'s message is skipped, not sent', async () => {
    const created = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', {
      title: 'Claimed, then unsubscribed',
      visibility: 'public',
      status: 'draft',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello readers.' }] }] },
    });
    expect(created.status, created.text).toBe(201);
    const postId = created.body.post.id;

    server.smtp.pause();
    const published = await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });
    expect(published.status, published.text).toBe(200);
    // Every connection holds a message; nothing more can reach the mail server until it answers.
    await until(async () => server.smtp.held, (held) => held === SMTP_POOL_CONNECTIONS, 'the pool to fill with held messages');
    const [send] = await server.handle.db.select({ id: emailSends.id }).from(emailSends).where(eq(emailSends.postId, postId));
    const claimed = await server.handle.db.select({ id: emailRecipients.id }).from(emailRecipients).where(and(eq(emailRecipients.sendId, send!.id), eq(emailRecipients.status, 'pending'), isNotNull(emailRecipients.claimId)));
    // Every row is claimed: the batch read them all as subscribed.
    expect(claimed).toHaveLength(MEMBERS);

    // Everyone unsubscribes now, through the link in the mail's header (one click).
    const tokens = await server.services.email.service.unsubscribeTokens();
    for (const member of members) {
      const answer = await fetch(new URL(`/@${creator.handle}/unsubscribe?token=${encodeURIComponent(tokens.issue(member.membershipId))}`, server.url), {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.status).toBe(200);
    }
    const stillSubscribed = await server.handle.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.siteId, creator.siteId), eq(memberships.subscribedToEmails, true)));
    expect(stillSubscribed).toEqual([]);
    server.smtp.resume();

    const done = await until(
      async () => (await server.handle.db.select().from(emailSends).where(eq(emailSends.id, send!.id)))[0]!,
      (row) => row.status === 'sent',
      'the send to end',
    );
    // The messages SMTP already held went out (a mail server cannot be asked to give one back); the waiting ones did not.
    expect(done).toMatchObject({ sent: SMTP_POOL_CONNECTIONS, skipped: MEMBERS - SMTP_POOL_CONNECTIONS, failed: 0 });
    const received = members.filter((member) => server.smtp.mailsTo(member.email).length > 0);
    expect(received).toHaveLength(SMTP_POOL_CONNECTIONS);
    expect(members.every((member) => server.smtp.mailsTo(member.email).length <= 1)).toBe(true);
  });
});
