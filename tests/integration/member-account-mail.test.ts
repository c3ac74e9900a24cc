/**
 * Review finding M6 (docs/decisions/153, amending 142): the mail a member gets
 * about their account (password reset, password changed, e-mail change,
 * verification without a site) never carries the platform's name or tagline.
 * A member of one site hears from that site (its name as the sender, its
 * colour); a member of several sites, or of none, gets a neutral frame from
 * MAIL_FROM's bare address; a creator keeps the platform's. Read from the real
 * SMTP sink after the real worker sent them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, TAGLINE } from '../../common/constants.ts';
import { defaultDesign } from '../../common/design.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { queueVerificationMail } from '../../server/auth/email-verification.ts';
import { signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTier, insertMembership, userIdOf } from '../support/site-fixtures.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const MAIL_ADDRESS = 'post@operator.test';
const SITE_TITLE = 'Tidepool Letters';
const SITE_COLOUR = '#0e7490';

// Moved a minute on before each request: one mail a minute goes to an address, and sign-up has just sent one.
const time = createTestClock();
let server: TestServer;
/** Each site's free tier, by site id. */
const freeTiers = new Map<string, string>();
let one: Creator;
let other: Creator;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock, env: { MAIL_FROM: `Creator Platform <${MAIL_ADDRESS}>`, EMAIL_RATE_PER_SECOND: '20' } });
  [one, other] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
  await server.handle.db.update(sites).set({ title: SITE_TITLE }).where(eq(sites.id, one.siteId));
  for (const creator of [one, other]) freeTiers.set(creator.siteId, (await insertTier(server.handle.db, creator.siteId, { type: 'free', name: 'Free' })).id);
  await server.handle.db.insert(siteDesigns).values({ siteId: one.siteId, published: defaultDesign(SITE_COLOUR), publishedVersion: 1, publishedAt: new Date() });
});

afterAll(async () => {
  await server?.stop();
});

/** A signed-up account made a member of the given sites. */
async function memberOf(...creators: Creator[]) {
  const account = await signUpVerified(server);
  const userId = await userIdOf(server.handle.db, account.email);
  await server.handle.db.update(users).set({ role: 'member' }).where(eq(users.id, userId));
  for (const creator of creators) await insertMembership(server.handle.db, { siteId: creator.siteId, userId, tierId: freeTiers.get(creator.siteId)! });
  return account;
}

/** The next mail to `to` after the `seen` already there. */
async function nextMail(to: string, seen: number): Promise<ReceivedMail> {
  const mails = await server.smtp.waitForMail(to, { count: seen + 1 });
  return mails[seen]!;
}

async function resetMails(email: string) {
  const seen = server.smtp.mailsTo(email).length;
  time.advance(61_000);
  expect((await sendJson(server, one.client, 'POST', '/api/auth/password-reset', { email })).status).toBe(202);
  const reset = await nextMail(email, seen);
  const token = new URL(reset.links.find((link) => link.includes('token='))!).searchParams.get('token');
  const confirmed = await sendJson(server, one.client, 'POST', '/api/auth/password-reset/confirm', { token, password: 'another-harbour-82' });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return [reset, await nextMail(email, seen + 1)] as const;
}

function expectNoPlatform(mail: ReceivedMail) {
  for (const words of [PRODUCT_NAME, TAGLINE]) {
    expect(mail.subject).not.toContain(words);
    expect(mail.text).not.toContain(words);
    expect(mail.html).not.toContain(words);
    expect(mail.from.name).not.toContain(words);
  }
}

describe('a member’s mail about their account', () => {
  it('of one site: reset and changed password come from that site, in its colour, under plain subjects', async () => {
    const member = await memberOf(one);
    const [reset, changed] = await resetMails(member.email);
    expect(reset.subject).toBe('Reset your password');
    expect(changed.subject).toBe('Your password was changed');
    for (const mail of [reset, changed]) {
      expectNoPlatform(mail);
      expect(mail.from).toEqual({ name: SITE_TITLE, address: MAIL_ADDRESS });
      expect(mail.html).toContain(SITE_TITLE);
      expect(mail.html).toContain(`background:${SITE_COLOUR}`);
    }
  });

  it('of several sites: a neutral frame from the bare address, naming no site', async () => {
    const member = await memberOf(one, other);
    const [reset, changed] = await resetMails(member.email);
    expect(reset.subject).toBe('Reset your password');
    for (const mail of [reset, changed]) {
      expectNoPlatform(mail);
      expect(mail.from).toEqual({ name: '', address: MAIL_ADDRESS });
      expect(mail.html).not.toContain(SITE_TITLE);
    }
  });

  it('of one site: changing the e-mail address mails both addresses in the site’s name', async () => {
    const member = await memberOf(one);
    const newEmail = uniqueEmail('moved');
    const seen = server.smtp.mailsTo(member.email).length;
    time.advance(61_000);
    const asked = await sendJson(server, member.client, 'POST', '/api/account/email', { email: newEmail, password: STRONG_PASSWORD });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const [confirm] = await server.smtp.waitForMail(newEmail);
    const notice = await nextMail(member.email, seen);
    expect(confirm!.subject).toBe('Confirm your new email');
    expect(notice.subject).toBe('Your email is being changed');
    for (const mail of [confirm!, notice]) {
      expectNoPlatform(mail);
      expect(mail.from.name).toBe(SITE_TITLE);
    }
  });

  it('verification without a site (a paid join left before any membership): neutral, not the platform’s', async () => {
    const email = uniqueEmail('sitelessmember');
    const id = `siteless${process.pid}x${Date.now()}`;
    await server.handle.db.insert(users).values({ id, email, fullName: 'No Site', displayName: 'No Site', username: id.slice(-8), niche: '', role: 'member', emailVerified: false });
    await queueVerificationMail(server.handle.db, { id, email }, new Date());
    const [mail] = await server.smtp.waitForMail(email);
    expect(mail!.subject).toBe('Confirm your e-mail');
    expectNoPlatform(mail!);
    expect(mail!.from).toEqual({ name: '', address: MAIL_ADDRESS });
  });

  it('a creator’s stays the platform’s', async () => {
    const [reset] = await resetMails(one.email);
    expect(reset.subject).toBe(`Reset your ${PRODUCT_NAME} password`);
    expect(reset.from.name).toBe(PRODUCT_NAME);
    expect(reset.text).toContain(TAGLINE);
  });
});
