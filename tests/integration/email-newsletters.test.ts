/**
 * E-mail to members end to end through the HTTP API, the queue and a real
 * SMTP server (tests/support/smtp-sink.ts): who gets a post and which part of
 * it, a post e-mailed once, the headers, one-click unsubscribe, and the
 * faults of issue 18 (550, 451 then success, unsubscribe and unpublish
 * mid-send, a forged token, header injection through titles).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/api/dashboard.ts';
import type { MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import type { WelcomeMailSettings } from '../../common/api/email.ts';
import type { PostEmailAnswer } from '../../common/email.ts';
import { memberships, posts, sites } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients, emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { joinByEmail } from '../support/join-by-email.ts';
import { insertMembership, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { EMAIL_RATE_PER_SECOND: '20', EMAIL_RETRY_BASE_MS: '200'} });
});
afterAll(async () => {
  await server?.stop();
});

let memberCounter = 0;
async function addMember(creator: Creator, siteTiers: SiteTiers, options: { local?: string; paid?: boolean; verified?: boolean; subscribed?: boolean } = {}) {
  memberCounter += 1;
  const id = `member${process.pid}x${memberCounter}`;
  const email = `${options.local ?? 'reader'}-${memberCounter}-${process.pid}@members.example`;
  await server.handle.db
    .insert(users)
    .values({ id, email, fullName: `Reader ${memberCounter}`, displayName: `Reader ${memberCounter}`, username: id.slice(0, 6), niche: '', role: 'member', emailVerified: options.verified ?? true });
  const membership = await insertMembership(server.handle.db, {
    siteId: creator.siteId,
    userId: id,
    tierId: options.paid ? siteTiers.gold.id : siteTiers.free.id,
    source: options.paid ? 'stripe' : 'free',
    subscribedToEmails: options.subscribed ?? true,
  });
  return { email, membershipId: membership.id };
}

async function createPost(creator: Creator, values: { title: string; visibility: 'members' | 'paid' | 'public'; marker?: boolean }) {
  const content = [
    { type: 'paragraph', content: [{ type: 'text', text: 'Everyone may read this opening.' }] },
    ...(values.marker ? [{ type: 'membersOnly' }, { type: 'paragraph', content: [{ type: 'text', text: 'The secret recipe is here.' }] }] : []),
  ];
  const created = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', {
    title: values.title,
    visibility: values.visibility,
    status: 'draft',
    body: { type: 'doc', content },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.post.id;
}

async function emailState(creator: Creator, postId: string) {
  const answer = await sendJson<PostEmailAnswer>(server, creator.client, 'GET', `/api/posts/${postId}/email`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const finished = (state: PostEmailAnswer) => state.status === 'sent' || state.status === 'cancelled';

describe('a post e-mailed with its publication', () => {
  it('reaches each verified, subscribed member once with what they may read, and never again', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const free = await addMember(creator, siteTiers);
    const paying = await addMember(creator, siteTiers, { paid: true });
    const unverified = await addMember(creator, siteTiers, { verified: false });
    const unsubscribed = await addMember(creator, siteTiers, { subscribed: false });
    const postId = await createPost(creator, { title: 'Paid recipe', visibility: 'paid', marker: true });

    const before = await emailState(creator, postId);
    expect(before.choice).toBeNull();
    expect(before.audience).toEqual({ all: 2, free: 1, paid: 1 });

    const chosen = await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all', replyToCreator: true } });
    expect(chosen.status, chosen.text).toBe(200);
    const published = await creator.patch(`/api/posts/${postId}`, { status: 'published' });
    expect(published.status, published.text).toBe(200);

    const [paidMail] = await server.smtp.waitForMail(paying.email);
    const [freeMail] = await server.smtp.waitForMail(free.email);
    expect(paidMail!.text).toContain('The secret recipe is here.');
    expect(freeMail!.text).toContain('Everyone may read this opening.');
    expect(freeMail!.text).not.toContain('secret recipe');
    expect(freeMail!.html).toContain('Upgrade your membership of');
    expect(freeMail!.from).toEqual({ name: `The ${creator.handle} site`, address: 'no-reply@localhost' });
    const header = (name: string) => paidMail!.headers.find((line) => line.key === name)?.value;
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^<http://127\\.0\\.0\\.1:\\d+/@${creator.handle}/unsubscribe\\?token=[^>]+>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('reply-to')).toBe(creator.email);
    expect(freeMail!.headers.find((line) => line.key === 'list-unsubscribe')!.value).not.toBe(header('list-unsubscribe'));

    const state = await until(() => emailState(creator, postId), finished, 'the send to finish');
    expect(state).toMatchObject({ status: 'sent', counts: { queued: 2, sent: 2, failed: 0 } });
    const overview = await sendJson<Overview>(server, creator.client, 'GET', '/api/dashboard/overview');
    expect(overview.body.latestEmail).toEqual({ postTitle: 'Paid recipe', status: 'sent', queued: 2, sent: 2, failed: 0 });
    const activity = await sendJson<{ events: ActivityEvent[] }>(server, creator.client, 'GET', '/api/activity?type=email-sent');
    expect(activity.body.events).toEqual([expect.objectContaining({ type: 'email-sent', detail: 'To 2 members', post: { id: postId, title: 'Paid recipe' } })]);
    expect(server.smtp.mailsTo(unverified.email)).toHaveLength(0);
    expect(server.smtp.mailsTo(unsubscribed.email)).toHaveLength(0);

    // A later edit, or going back to draft and out again, sends nothing; the choice is fixed once sent.
    expect((await creator.patch(`/api/posts/${postId}`, { title: 'Paid recipe, corrected' })).status).toBe(200);
    expect((await creator.patch(`/api/posts/${postId}`, { status: 'draft' })).status).toBe(200);
    expect((await creator.patch(`/api/posts/${postId}`, { status: 'published' })).status).toBe(200);
    const again = await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'free' } });
    expect(again.status).toBe(409);
    expect((await server.handle.db.select().from(emailSends).where(eq(emailSends.postId, postId))).length).toBe(1);
    expect(server.smtp.mailsTo(paying.email)).toHaveLength(1);
    expect(server.smtp.mailsTo(free.email)).toHaveLength(1);
  });

  it('goes out when a scheduled post publishes itself, once, whichever server runs the job', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const reader = await addMember(creator, siteTiers);
    const postId = await createPost(creator, { title: 'Scheduled letter', visibility: 'public' });
    const publishAt = new Date(Date.now() + 3600_000).toISOString();
    expect((await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'free' }, status: 'scheduled', publishAt })).status).toBe(200);
    expect((await emailState(creator, postId)).status).toBe('waiting');

    // Its time comes (moved, not waited for); two runs of the job publish it, and so e-mail it, once.
    await server.handle.db.update(posts).set({ publishedAt: new Date(Date.now() - 1000) }).where(eq(posts.id, postId));
    const runs = await Promise.all([server.services.posts.publishDue(), server.services.posts.publishDue()]);
    expect(runs.flat().filter((id) => id === postId)).toHaveLength(1);

    const state = await until(() => emailState(creator, postId), finished, 'the send to finish');
    expect(state.counts).toMatchObject({ queued: 1, sent: 1 });
    expect(server.smtp.mailsTo(reader.email)).toHaveLength(1);
  });

  it('answers 404 for another creator’s post, and refuses a test send to them', async () => {
    const owner = await creatorWithSite(server);
    const stranger = await creatorWithSite(server);
    const postId = await createPost(owner, { title: 'Mine', visibility: 'public' });
    expect((await sendJson(server, stranger.client, 'GET', `/api/posts/${postId}/email`)).status).toBe(404);
    expect((await sendJson(server, stranger.client, 'POST', `/api/posts/${postId}/test-email`)).status).toBe(404);
    expect((await stranger.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } })).status).toBe(404);
  });

  it('sends the creator a test of the whole post', async () => {
    const creator = await creatorWithSite(server);
    const postId = await createPost(creator, { title: 'Draft to try', visibility: 'members', marker: true });
    const test = await sendJson<{ to: string }>(server, creator.client, 'POST', `/api/posts/${postId}/test-email`);
    // Queued (tests/integration/comment-edits-and-test-sends.test.ts): the mail follows.
    expect(test.status, test.text).toBe(202);
    // The creator's own verification mail came first.
    const mail = await until(async () => server.smtp.mailsTo(creator.email).find((received) => received.subject.startsWith('[Test]')), Boolean, 'the test mail');
    expect(mail!.subject).toBe('[Test] Draft to try');
    expect(mail!.text).toContain('The secret recipe is here.');
  });
});

describe('delivery faults', () => {
  it('disables an address refused with 550, retries a 451 once, and delivers the rest', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const refused = await addMember(creator, siteTiers, { local: 'rejected' });
    const greylisted = await addMember(creator, siteTiers, { local: 'deferred' });
    const fine = await addMember(creator, siteTiers);
    const postId = await createPost(creator, { title: 'For everyone', visibility: 'public' });
    await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });

    const state = await until(() => emailState(creator, postId), finished, 'the send to finish');
    expect(state.counts).toMatchObject({ queued: 3, sent: 2, failed: 1 });
    expect(server.smtp.mailsTo(greylisted.email)).toHaveLength(1);
    expect(server.smtp.mailsTo(fine.email)).toHaveLength(1);
    expect(server.smtp.mailsTo(refused.email)).toHaveLength(0);
    const [disabled] = await server.handle.db.select().from(emailDisabledMembers).where(eq(emailDisabledMembers.membershipId, refused.membershipId));
    expect(disabled?.reason).toContain('No such mailbox');
    const [retried] = await server.handle.db
      .select({ attempts: emailRecipients.attempts })
      .from(emailRecipients)
      .where(eq(emailRecipients.membershipId, greylisted.membershipId));
    expect(retried?.attempts).toBe(2);
    // The disabled address is out of the next send's audience.
    expect((await emailState(creator, postId)).audience.all).toBe(2);

    // The creator sees it in the /subscribers filter and on the member, and clears it once sorted out; nobody else can.
    const listed = await sendJson<MembersAnswer>(server, creator.client, 'GET', '/api/members?status=email_disabled');
    expect(listed.body.members.map((row) => [row.email, row.emailDisabled])).toEqual([[refused.email, true]]);
    expect(listed.body.members[0]!.emailDisabledReason).toContain('No such mailbox');
    const stranger = await creatorWithSite(server);
    expect((await stranger.patch(`/api/members/${refused.membershipId}`, { emailDisabled: false })).status).toBe(404);
    const cleared = await creator.patch<{ member: MemberDetail }>(`/api/members/${refused.membershipId}`, { emailDisabled: false });
    expect(cleared.body.member).toMatchObject({ emailDisabled: false, emailDisabledReason: null });
    expect((await emailState(creator, postId)).audience.all).toBe(3);
  });

  // Both tests hold the mail server's answers once the send has begun, so what they change
  // happens mid-send however fast or slow the machine is.
  it('skips a member who unsubscribes mid-send', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const members = [];
    // More members than the lanes can claim before the held answers stop them (20 a second here).
    for (let index = 0; index < 120; index += 1) members.push(await addMember(creator, siteTiers));
    const postId = await createPost(creator, { title: 'Unsubscribed mid-send', visibility: 'public' });
    server.smtp.pause();
    try {
      await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });
      await until(async () => server.smtp.held, (count) => count > 0, 'the send to begin');

      // Lock one row no batch has claimed while unsubscribing its member: the batches skip it (SKIP LOCKED) until the change is in.
      const skipped = await server.handle.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ membershipId: emailRecipients.membershipId })
          .from(emailRecipients)
          .innerJoin(emailSends, eq(emailSends.id, emailRecipients.sendId))
          .where(and(eq(emailSends.postId, postId), eq(emailRecipients.status, 'pending'), isNull(emailRecipients.claimId)))
          .limit(1)
          .for('update', { of: emailRecipients, skipLocked: true });
        await tx.update(memberships).set({ subscribedToEmails: false }).where(eq(memberships.id, row!.membershipId));
        return row!.membershipId;
      });
      server.smtp.resume();

      const state = await until(() => emailState(creator, postId), finished, 'the send to end');
      expect(state.status).toBe('sent');
      expect(state.counts.skipped).toBe(1);
      for (const member of members) expect(server.smtp.mailsTo(member.email)).toHaveLength(member.membershipId === skipped ? 0 : 1);
    } finally {
      server.smtp.resume();
    }
  });

  it('stops the rest of a send when the post is unpublished', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const members = [];
    for (let index = 0; index < 40; index += 1) members.push(await addMember(creator, siteTiers));
    const postId = await createPost(creator, { title: 'Unpublished mid-send', visibility: 'public' });
    server.smtp.pause();
    try {
      await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });
      await until(async () => server.smtp.held, (count) => count > 0, 'the send to begin');
      await creator.patch(`/api/posts/${postId}`, { status: 'draft' });
      server.smtp.resume();

      const state = await until(() => emailState(creator, postId), finished, 'the send to stop');
      expect(state.status).toBe('cancelled');
      const delivered = members.filter((member) => server.smtp.mailsTo(member.email).length > 0);
      expect(delivered.length).toBeGreaterThan(0);
      expect(delivered.length).toBeLessThan(members.length);
      for (const member of members) expect(server.smtp.mailsTo(member.email).length).toBeLessThanOrEqual(1);
    } finally {
      server.smtp.resume();
    }
  });

  it('resumes after the SMTP server goes down mid-send, doubling nothing', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const members = [];
    for (let index = 0; index < 30; index += 1) members.push(await addMember(creator, siteTiers));
    const postId = await createPost(creator, { title: 'Through an outage', visibility: 'public' });
    await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });
    await until(async () => server.smtp.received.filter((mail) => mail.subject === 'Through an outage').length, (count) => count > 0, 'the first mail');

    // Down with messages in flight and unanswered: they were never accepted, so they must come again, once.
    server.smtp.pause();
    await until(async () => server.smtp.held, (held) => held > 0, 'messages in flight');
    await server.smtp.stop();
    await until(async () => server.smtp.held, (held) => held === 0, 'the cut connections to drop their messages');
    server.smtp.resume();
    const [send] = await server.handle.db.select().from(emailSends).where(eq(emailSends.postId, postId));
    await until(
      () => server.handle.db.$count(emailRecipients, and(eq(emailRecipients.sendId, send!.id), eq(emailRecipients.status, 'pending'), isNotNull(emailRecipients.error))),
      (waiting) => waiting > 0,
      'failed attempts to wait for a retry',
    );
    await server.smtp.restart();

    const state = await until(() => emailState(creator, postId), finished, 'the send to finish');
    expect(state.counts).toMatchObject({ queued: 30, sent: 30, failed: 0 });
    for (const member of members) expect(server.smtp.mailsTo(member.email)).toHaveLength(1);
  });

  it('keeps titles out of the headers', async () => {
    const creator = await creatorWithSite(server);
    await server.handle.db.update(sites).set({ title: 'Evil\r\nBcc: victim@evil.example' }).where(eq(sites.id, creator.siteId));
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const reader = await addMember(creator, siteTiers);
    const postId = await createPost(creator, { title: 'Hello', visibility: 'public' });
    await server.handle.db.execute(`update posts set title = 'Hello\r\nX-Injected: yes' where id = '${postId}'`);
    await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });

    const [mail] = await server.smtp.waitForMail(reader.email);
    expect(mail!.headers.map((line) => line.key)).not.toContain('x-injected');
    expect(mail!.headers.map((line) => line.key)).not.toContain('bcc');
    expect(mail!.subject).toBe('Hello X-Injected: yes');
    expect(mail!.from.name).toBe('Evil Bcc: victim@evil.example');
    expect(server.smtp.mailsTo('victim@evil.example')).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  it('turns newsletters off with one click, without a cookie or an Origin, and refuses a forged token', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const reader = await addMember(creator, siteTiers);
    const postId = await createPost(creator, { title: 'First letter', visibility: 'public' });
    await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' }, status: 'published' });
    const [mail] = await server.smtp.waitForMail(reader.email);
    const link = /^<(.+)>$/.exec(mail!.headers.find((line) => line.key === 'list-unsubscribe')!.value)![1]!;
    const url = new URL(link);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from');
    const [stillSubscribed] = await server.handle.db.select().from(memberships).where(eq(memberships.id, reader.membershipId));
    expect(stillSubscribed!.subscribedToEmails).toBe(true);

    const forged = new URL(url);
    forged.searchParams.set('token', `${reader.membershipId}.${'A'.repeat(43)}`);
    const refused = await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(refused.status).toBe(404);
    const otherSite = await creatorWithSite(server);
    const elsewhere = await fetch(new URL(`/@${otherSite.handle}/unsubscribe${url.search}`, server.url), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(elsewhere.status).toBe(404);

    const oneClick = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.status).toBe(200);
    const [after] = await server.handle.db.select().from(memberships).where(eq(memberships.id, reader.membershipId));
    expect(after!.subscribedToEmails).toBe(false);

    const nextPost = await createPost(creator, { title: 'Second letter', visibility: 'public' });
    await creator.patch(`/api/posts/${nextPost}`, { email: { send: true, segment: 'all' }, status: 'published' });
    const state = await until(() => emailState(creator, nextPost), finished, 'the second send');
    expect(state.counts.queued).toBe(0);
    expect(server.smtp.mailsTo(reader.email)).toHaveLength(1);
  });

  it('lets a member turn newsletters back on from their account page, for their own membership only', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const reader = await signUpVerified(server);
    const readerId = await userIdOf(server.handle.db, reader.email);
    const membership = await insertMembership(server.handle.db, { siteId: creator.siteId, userId: readerId, tierId: siteTiers.free.id, subscribedToEmails: false });
    const other = await addMember(creator, siteTiers, { subscribed: false });

    const page = await sendJson<string>(server, reader.client, 'GET', `/@${creator.handle}/account`);
    expect(page.text).toContain('Get posts by e-mail');
    const cookie = [...reader.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const turnOn = await fetch(new URL(`/@${creator.handle}/account/emails`, server.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: new URL(server.url).origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'on=1',
    });
    expect(turnOn.status).toBe(303);
    const rows = await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId));
    expect(rows.find((row) => row.id === membership.id)!.subscribedToEmails).toBe(true);
    expect(rows.find((row) => row.id === other.membershipId)!.subscribedToEmails).toBe(false);
  });

  it('sends a new member’s join link in the site’s name', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const email = `joiner-${process.pid}@members.example`;
    const body = new URLSearchParams({ choice: `${siteTiers.free.id}:month`, email }).toString();
    const joined = await createTestClient(server.url).post(`/@${creator.handle}/join/signup`, body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(joined.status).toBe(200);
    const [mail] = await server.smtp.waitForMail(email);
    expect(mail!.from).toEqual({ name: `The ${creator.handle} site`, address: 'no-reply@localhost' });
    expect(mail!.subject).toBe(`Confirm your e-mail to join The ${creator.handle} site`);
  });

  it('welcomes a new member in the creator’s words once their address is confirmed, once, and not those who joined before', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const earlier = await addMember(creator, siteTiers);
    const saved = await sendJson<WelcomeMailSettings>(server, creator.client, 'PUT', '/api/email/welcome', { enabled: true, text: 'Hello <friend>!\n\nPosts come every Friday.' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, text: 'Hello <friend>!\n\nPosts come every Friday.' });
    const preview = await sendJson<{ html: string }>(server, creator.client, 'POST', '/api/email/welcome/preview', { text: 'Hi <b>there</b>' });
    expect(preview.body.html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    const stranger = await creatorWithSite(server);
    expect((await sendJson<WelcomeMailSettings>(server, stranger.client, 'GET', '/api/email/welcome')).body.enabled).toBe(false);

    const email = `welcomed-${process.pid}@members.example`;
    // Joined by the mailed link, which confirms the address as it joins: the welcome is due at once.
    await joinByEmail(createTestClient(server.url), server.smtp, { handle: creator.handle, tierId: siteTiers.free.id, email });
    const welcomes = () => server.smtp.mailsTo(email).filter((mail) => mail.subject === `Welcome to The ${creator.handle} site`);
    await server.services.email.welcome.sendDue();
    const [welcome] = await until(async () => welcomes(), (found) => found.length > 0, 'the welcome mail');
    expect(welcome!.text).toContain('Hello <friend>!');
    expect(welcome!.html).toContain('Hello &lt;friend&gt;!');
    expect(welcome!.from.name).toBe(`The ${creator.handle} site`);
    expect(welcome!.headers.find((line) => line.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
    await server.services.email.welcome.sendDue();
    expect(welcomes()).toHaveLength(1);
    expect(server.smtp.mailsTo(earlier.email)).toHaveLength(0);
  });
});
