/**
 * The site's own sign-in by e-mail and the page its mailed links open
 * (review H2 and M4, docs/decisions/152), on the real app, a real database
 * and the real SMTP sink: one e-mail field in the site's frame, the same
 * answer for an unknown address, a link bound to the site that works once for
 * 15 minutes; a link's GET uses nothing (a mail scanner, or someone else's
 * link sent to a victim) and only a same-origin POST of "Continue" signs in,
 * on the platform and on the site's own domain.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { memberships } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { emailTokens, rateLimits, sessions, users } from '../../db/schema.ts';
import { SITE_CHANGED_CHANNEL } from '../../server/sites/site-changes.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { requestWithHost } from '../support/host-request.ts';
import { createTestClient, FORM, formBody, type TestClient } from '../support/http-client.ts';
import { continueForm, followJoinLink, joinByEmail, joinLinkFrom } from '../support/join-by-email.ts';
import { insertSiteWithOwner, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const aSite = (values: { title?: string } = {}) => insertSiteWithOwner(db(), values);

/** A fan who joined `site` by e-mail and is signed out again (a new device); the join's mail limit is spent. */
async function aMember(site: { handle: string }, tierId: string) {
  const email = uniqueEmail('fan');
  await joinByEmail(createTestClient(server.url), server.smtp, { handle: site.handle, tierId, email });
  await db().delete(rateLimits);
  return email;
}

async function askSignIn(client: TestClient, handle: string, email: string) {
  return client.post(`/@${handle}/sign-in`, formBody({ email }), FORM);
}

async function signInLinkFrom(email: string, count: number): Promise<string> {
  const mails = await server.smtp.waitForMail(email, { count });
  const link = mails.at(-1)!.links.find((candidate) => candidate.includes('/sign-in/confirm?token='));
  expect(link).toBeDefined();
  return link!;
}

async function liveTokens(email: string, purpose: 'join-site' | 'sign-in') {
  const userId = await userIdOf(db(), email);
  return db()
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

describe('the page a mailed link opens', () => {
  it('names the site and the address, uses nothing on GET, and signs in only by a same-origin Continue', async () => {
    const { site, freeTier } = await aSite({ title: 'Tide & <b>Tables</b>' });
    const email = uniqueEmail('scanned');
    const visitor = createTestClient(server.url);
    await visitor.post(`/@${site.handle}/join/signup`, formBody({ email, choice: `${freeTier.id}:month` }), FORM);
    const link = await joinLinkFrom(server.smtp, email);

    // A mail scanner fetches it first: a page, no session, the token still good, no membership.
    const scanner = createTestClient(server.url);
    const page = await scanner.visit(link);
    expect(page.status).toBe(200);
    // The token in the address goes to no other origin (the site's pages answer same-origin).
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.text).toContain('<h1 id="link-heading">Join Tide &amp; &lt;b&gt;Tables&lt;/b&gt;</h1>');
    expect(page.text).toContain(`as <strong class="join__address">${email}</strong>`);
    expect(page.text).not.toContain('<b>Tables</b>');
    expect(page.text).not.toContain(PRODUCT_NAME);
    expect(scanner.cookies.size).toBe(0);
    expect(await liveTokens(email, 'join-site')).toHaveLength(1);

    // Another site's page posting the form (login CSRF): refused, nothing used.
    const { action, body } = continueForm(page.text);
    const forged = createTestClient(server.url, 'https://attacker.example');
    expect((await forged.post(action, body, FORM)).status).toBe(403);
    expect(forged.cookies.size).toBe(0);
    expect(await liveTokens(email, 'join-site')).toHaveLength(1);

    // The reader presses Continue: joined and signed in; the page again says it was used.
    const joined = await visitor.post(action, body, FORM);
    expect([joined.status, joined.headers.get('location')]).toEqual([303, `/@${site.handle}?joined=1`]);
    expect(visitor.cookies.size).toBe(1);
    const again = await createTestClient(server.url).visit(link);
    expect(again.headers.get('location')).toBe(`/@${site.handle}/join?link=used`);
    const twice = await createTestClient(server.url).post(action, body, FORM);
    expect(twice.headers.get('location')).toBe(`/@${site.handle}/join?link=used`);
  });
});

describe('signing in on the site by e-mail', () => {
  it('is one e-mail field in the site\'s frame, linked from the site bar and the join page', async () => {
    const { site } = await aSite({ title: 'Tide & <b>Tables</b>' });
    const home = await createTestClient(server.url).get(`/@${site.handle}`);
    expect(home.text).toContain(`<a class="site-bar__link" href="/@${site.handle}/sign-in?next=${encodeURIComponent(`/@${site.handle}`)}">Sign in</a>`);
    expect(home.text).not.toContain('/login?next=');
    expect((await createTestClient(server.url).get(`/@${site.handle}/join`)).text).toContain(`Already a member? <a href="/@${site.handle}/sign-in">Sign in</a>.`);
    const page = await createTestClient(server.url).get(`/@${site.handle}/sign-in`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const signInForm = /<form class="sign-in__form" method="post" action="\/@[^"]+\/sign-in" novalidate>[\s\S]*?<\/form>/.exec(page.text)![0];
    expect(signInForm.match(/<input /g)?.length).toBe(1);
    expect(signInForm).toContain('<label for="sign-in-email">Your e-mail</label>');
    expect(signInForm).toContain('>Send me a sign-in link</button>');
    expect(page.text).toContain('Sign in to Tide &amp; &lt;b&gt;Tables&lt;/b&gt;');
    expect(page.text).not.toContain('<b>Tables</b>');
    expect(page.text).toContain(`<a href="/login?next=${encodeURIComponent(`/@${site.handle}`)}">Sign in with a password</a>`);
    expect(page.text).not.toContain(PRODUCT_NAME);
    // The password sign-in comes back to the page the reader was on, if it is one of this site's.
    const from = `/@${site.handle}/posts/hello?x=1`;
    expect((await createTestClient(server.url).get(`/@${site.handle}/sign-in?next=${encodeURIComponent(from)}`)).text).toContain(`<a href="/login?next=${encodeURIComponent(from)}">`);
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', '/@another-site/posts/a', `/@${site.handle}x`, 'https://evil.example/']) {
      expect((await createTestClient(server.url).get(`/@${site.handle}/sign-in?next=${encodeURIComponent(elsewhere)}`)).text).toContain(`<a href="/login?next=${encodeURIComponent(`/@${site.handle}`)}">`);
    }
    expect((await createTestClient(server.url).get('/@nobody-at-all/sign-in')).status).toBe(404);
    // A signed-out comment is sent to sign in here too, and back to the comments.
    const comment = await createTestClient(server.url).post(`/@${site.handle}/posts/hello/comments`, formBody({ text: 'Hi' }), FORM);
    expect([comment.status, comment.headers.get('location')]).toEqual([303, `/@${site.handle}/sign-in?next=${encodeURIComponent(`/@${site.handle}/posts/hello#comments`)}`]);
  });

  it('mails a member a link in the site\'s name that signs them in there, once', async () => {
    const { site, freeTier } = await aSite({ title: 'Tide & <b>Tables</b>' });
    const email = await aMember(site, freeTier.id);
    const fan = createTestClient(server.url);
    const sent = await askSignIn(fan, site.handle, email.toUpperCase());
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Check your inbox');
    expect(fan.cookies.size).toBe(0);
    const mail = (await server.smtp.waitForMail(email, { count: 2 })).at(-1)!;
    expect(mail.subject).toBe('Sign in to Tide & <b>Tables</b>');
    expect(mail.from.name).toBe('Tide & <b>Tables</b>');
    expect(mail.html).not.toContain('<b>Tables</b>');
    expect(`${mail.text}${mail.html}`).not.toContain(PRODUCT_NAME);
    expect(mail.text).toContain('expires in 15 minutes');
    const link = await signInLinkFrom(email, 2);
    expect(link).toMatch(new RegExp(`^${server.url}/@${site.handle}/sign-in/confirm\\?token=[a-z0-9]+$`));
    // Stored hashed.
    expect(await db().select().from(emailTokens).where(eq(emailTokens.id, new URL(link).searchParams.get('token')!))).toEqual([]);

    const page = await fan.visit(link);
    expect(page.text).toContain(`Continue to sign in to Tide &amp; &lt;b&gt;Tables&lt;/b&gt; as <strong class="join__address">${email}</strong>`);
    expect(fan.cookies.size).toBe(0);
    const signedIn = await followJoinLink(fan, link);
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, `/@${site.handle}`]);
    expect((await fan.get<{ user: { email: string } }>('/api/auth/me')).body.user.email).toBe(email);
    expect((await fan.get(`/@${site.handle}`)).text).toContain('Your account');
    // Signed in already: the page sends them to the site.
    expect((await fan.get(`/@${site.handle}/sign-in`)).headers.get('location')).toBe(`/@${site.handle}`);

    // Used twice: the sign-in page says so and asks again; nobody is signed in.
    const other = createTestClient(server.url);
    const used = await followJoinLink(other, link);
    expect(used.headers.get('location')).toBe(`/@${site.handle}/sign-in?link=used`);
    expect(other.cookies.size).toBe(0);
    expect((await other.get(`/@${site.handle}/sign-in?link=used`)).text).toContain('This link was already used');
  });

  it('answers an unknown address exactly as a member\'s, mails nothing and makes no account', async () => {
    const { site, freeTier } = await aSite();
    const member = await aMember(site, freeTier.id);
    const unknown = uniqueEmail('nobody');
    const forMember = await askSignIn(createTestClient(server.url), site.handle, member);
    const forUnknown = await askSignIn(createTestClient(server.url), site.handle, unknown);
    expect(forUnknown.status).toBe(forMember.status);
    expect(forUnknown.text.replace(unknown, 'ADDRESS')).toBe(forMember.text.replace(member, 'ADDRESS'));
    await server.smtp.waitForMail(member, { count: 2 });
    expect(server.smtp.mailsTo(unknown)).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, unknown))).toEqual([]);
  });

  it('refuses a malformed address, and a second ask at once, in the page\'s words', async () => {
    const { site, freeTier } = await aSite();
    const email = await aMember(site, freeTier.id);
    const bad = await askSignIn(createTestClient(server.url), site.handle, 'not an address <b>');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('aria-invalid="true"');
    expect(bad.text).toContain('value="not an address &lt;b&gt;"');
    expect((await askSignIn(createTestClient(server.url), site.handle, email)).status).toBe(200);
    const soon = await askSignIn(createTestClient(server.url), site.handle, email);
    expect(soon.status).toBe(429);
    expect(soon.text).toContain('We have just sent a link to this address. Please wait a minute, then ask again.');
    // From another site's page: refused before anything is mailed.
    expect((await createTestClient(server.url, 'https://attacker.example').post(`/@${site.handle}/sign-in`, formBody({ email }), FORM)).status).toBe(403);
  });

  it('refuses a link of another site, an expired one and a join link, without using them', async () => {
    const { site, freeTier } = await aSite();
    const other = await aSite();
    const email = await aMember(site, freeTier.id);
    await askSignIn(createTestClient(server.url), site.handle, email);
    const link = await signInLinkFrom(email, 2);
    const token = new URL(link).searchParams.get('token')!;
    const visitor = createTestClient(server.url);

    const elsewhere = await followJoinLink(visitor, `${server.url}/@${other.site.handle}/sign-in/confirm?token=${token}`);
    expect(elsewhere.headers.get('location')).toBe(`/@${other.site.handle}/sign-in?link=unknown`);
    const forged = await visitor.post(`/@${other.site.handle}/sign-in/confirm`, formBody({ token }), FORM);
    expect(forged.headers.get('location')).toBe(`/@${other.site.handle}/sign-in?link=unknown`);
    // A sign-in token is no join token, and the other way round.
    expect((await visitor.visit(`${server.url}/@${site.handle}/join/confirm?token=${token}`)).headers.get('location')).toBe(`/@${site.handle}/join?link=unknown`);
    expect(visitor.cookies.size).toBe(0);
    expect(await liveTokens(email, 'sign-in')).toHaveLength(1);

    await db().update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, await userIdOf(db(), email)));
    const expired = await followJoinLink(visitor, link);
    expect(expired.headers.get('location')).toBe(`/@${site.handle}/sign-in?link=expired`);
    expect((await visitor.get(`/@${site.handle}/sign-in?link=expired`)).text).toContain('This link has expired');
    expect(visitor.cookies.size).toBe(0);
  });

  it('on the site\'s own domain: /sign-in there, a link to the domain, and a session bound to it', async () => {
    const { site, freeTier } = await aSite();
    const email = await aMember(site, freeTier.id);
    const hostname = `${site.handle}.example.test`;
    await db().insert(domains).values({ siteId: site.id, hostname, status: 'active', verificationToken: `token-${site.handle}` });
    await db().execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${site.id})`);
    await expect.poll(async () => (await requestWithHost(server, '/', { host: hostname })).status).toBe(200);
    const home = await requestWithHost(server, '/', { host: hostname });
    expect(home.body).toContain(`<a class="site-bar__link" href="/sign-in?next=${encodeURIComponent('/')}">Sign in</a>`);
    const page = await requestWithHost(server, '/sign-in', { host: hostname });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form class="sign-in__form" method="post" action="/sign-in" novalidate>');
    const sent = await requestWithHost(server, '/sign-in', { host: hostname, method: 'POST', origin: `https://${hostname}`, body: formBody({ email }) });
    expect(sent.body).toContain('Check your inbox');
    const link = new URL(await signInLinkFrom(email, 2));
    expect([link.origin, link.pathname]).toEqual([`https://${hostname}`, '/sign-in/confirm']);
    const opened = await requestWithHost(server, `${link.pathname}${link.search}`, { host: hostname });
    const { action, body } = continueForm(opened.body);
    expect(action).toBe('/sign-in/confirm');
    const signedIn = await requestWithHost(server, action, { host: hostname, method: 'POST', origin: `https://${hostname}`, body });
    expect(signedIn.status).toBe(303);
    const userId = await userIdOf(db(), email);
    expect(await db().select({ hostname: sessions.hostname, siteId: sessions.siteId }).from(sessions).where(and(eq(sessions.userId, userId), eq(sessions.hostname, hostname)))).toEqual([{ hostname, siteId: site.id }]);
    // Still a member, once.
    expect(await db().select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, userId))).toHaveLength(1);
  });
});
