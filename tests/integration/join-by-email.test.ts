/**
 * Joining a site with one e-mail field (issue 29 item 4, docs/decisions/145)
 * on the real app, a real database and the real SMTP sink: the mail is read
 * as it arrived and its link followed with a real HTTP client. The faults of
 * the issue: a link used twice, expired, or used on another site; an address
 * that already has an account; markup in a site's name; a malformed address;
 * a foreign handle; the same answer for every address.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { emailTokens, rateLimits, users } from '../../db/schema.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, FORM, formBody, type TestClient } from '../support/http-client.ts';
import { followJoinLink, joinByEmail, joinLinkFrom } from '../support/join-by-email.ts';
import { insertSiteWithOwner, insertTier, userIdOf } from '../support/site-fixtures.ts';
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

/** Joins through the page's form, as a browser without JavaScript would; answers the page and the link from the mail. */
async function joinByForm(client: TestClient, handle: string, tierId: string, email: string) {
  const page = await client.post(`/@${handle}/join/signup`, formBody({ email, choice: `${tierId}:month` }), FORM);
  const [mail] = await server.smtp.waitForMail(email);
  return { page, mail: mail!, link: mail!.links.find((link) => link.includes('/join/confirm'))! };
}

async function membershipOf(siteId: string, email: string) {
  const userId = await userIdOf(db(), email);
  const [row] = await db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)));
  return row;
}

describe('joining free with one e-mail field', () => {
  it('asks only for an address, states the terms, and offers one join button', async () => {
    const { site } = await aSite();
    const page = await createTestClient(server.url).get(`/@${site.handle}/join`);
    expect(page.status).toBe(200);
    const form = /<form method="post" action="[^"]*\/join\/signup"[\s\S]*?<\/form>/.exec(page.text)![0];
    expect(form.match(/<input /g)?.length).toBe(2);
    expect(form).toContain('name="email"');
    expect(form).toContain('type="hidden" name="choice"');
    expect(form).not.toMatch(/password|fullName|agreeToTerms/);
    expect(form.match(/<button /g)?.length).toBe(1);
    expect(form).toContain(`By joining you agree to the <a href="/@${site.handle}/terms">Terms</a> and <a href="/@${site.handle}/privacy">Privacy Policy</a>.`);
    expect(page.text.match(/>Join for free</g)?.length).toBe(1);
    expect(page.text).not.toContain('any other site here');
    expect(page.text).not.toContain(PRODUCT_NAME);
  });

  it('mails a link in the site\'s name that joins the free tier and signs in, once', async () => {
    const { site } = await aSite({ title: 'Tide & <b>Tables</b>' });
    const visitor = createTestClient(server.url);
    const email = uniqueEmail('fan');
    const { page, mail, link } = await joinByForm(visitor, site.handle, await freeTierOf(site.id), email);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Check your inbox');
    expect(page.text).toContain(`We sent a link to <strong class="join__address">${email}</strong>`);
    expect(page.text).toContain('Use another address');
    expect(visitor.cookies.size).toBe(0);
    // Made, but nothing proven and no membership until the link is used.
    const [pending] = await db().select().from(users).where(eq(users.email, email));
    expect(pending).toMatchObject({ emailVerified: false, passwordHash: null, role: 'member', fullName: '' });
    expect(await membershipOf(site.id, email)).toBeUndefined();

    expect(mail.subject).toBe('Confirm your e-mail to join Tide & <b>Tables</b>');
    expect(mail.from.name).toBe('Tide & <b>Tables</b>');
    expect(mail.html).toContain('Tide &#38; &#60;b&#62;Tables&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Tables</b>');
    expect(`${mail.text}${mail.html}`).not.toContain(PRODUCT_NAME);
    expect(mail.text).toContain('expires in 15 minutes');
    expect(link).toMatch(new RegExp(`^${server.url}/@${site.handle}/join/confirm\\?token=[a-z0-9]+$`));
    // The token is stored hashed: the row's id is not the token.
    const token = new URL(link).searchParams.get('token')!;
    expect(await db().select().from(emailTokens).where(eq(emailTokens.id, token))).toEqual([]);

    const followed = await followJoinLink(visitor, link);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
    expect(followed.headers.get('referrer-policy')).toBe('no-referrer');
    expect(visitor.cookies.size).toBe(1);
    const me = await visitor.get<{ user: { email: string; emailVerified: boolean } }>('/api/auth/me');
    expect(me.body.user).toMatchObject({ email, emailVerified: true });
    expect(await membershipOf(site.id, email)).toMatchObject({ status: 'active', tierId: await freeTierOf(site.id) });
    const home = await visitor.get(`/@${site.handle}?joined=1`);
    expect(home.text).not.toContain('Tide & <b>Tables</b>');
    expect(home.text).toContain('Tide &amp; &lt;b&gt;Tables&lt;/b&gt;');

    // Used twice: a clear page with a way to get a new link, and no session for whoever holds it.
    const again = createTestClient(server.url);
    const second = await again.visit(link);
    expect([second.status, second.headers.get('location')]).toEqual([303, `/@${site.handle}/join?link=used`]);
    expect(again.cookies.size).toBe(0);
    const used = await again.get(second.headers.get('location')!);
    expect(used.text).toContain('This link was already used');
    expect(used.text).toContain('name="email"');
  });

  it('refuses an expired link with its own page, and a link of another site without using it', async () => {
    const { site } = await aSite();
    const other = await aSite();
    const email = uniqueEmail('late');
    const visitor = createTestClient(server.url);
    const { link } = await joinByForm(visitor, site.handle, await freeTierOf(site.id), email);
    const token = new URL(link).searchParams.get('token')!;

    // The same token on the other site's confirm route: refused, and still good where it was asked for.
    const elsewhere = await visitor.visit(`${server.url}/@${other.site.handle}/join/confirm?token=${token}`);
    expect([elsewhere.status, elsewhere.headers.get('location')]).toEqual([303, `/@${other.site.handle}/join?link=unknown`]);
    expect(visitor.cookies.size).toBe(0);
    expect((await visitor.get(`/@${other.site.handle}/join?link=unknown`)).text).toContain('This link does not work here');
    expect(await membershipOf(other.site.id, email)).toBeUndefined();

    // Older than 15 minutes.
    const userId = await userIdOf(db(), email);
    await db().update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'join-site')));
    const expired = await visitor.visit(link);
    expect([expired.status, expired.headers.get('location')]).toEqual([303, `/@${site.handle}/join?link=expired`]);
    expect(visitor.cookies.size).toBe(0);
    expect((await visitor.get(`/@${site.handle}/join?link=expired`)).text).toContain('This link has expired');
    expect(await membershipOf(site.id, email)).toBeUndefined();
    // A link that is no token at all.
    const nonsense = await visitor.visit(`${server.url}/@${site.handle}/join/confirm?token=nope`);
    expect(nonsense.headers.get('location')).toBe(`/@${site.handle}/join?link=unknown`);
  });

  it('signs an existing account in by its link and makes no second account, answering as for any address', async () => {
    const { site } = await aSite();
    const existing = await signUpVerified(server);
    // Its verification mail has just gone: the one-a-minute limit of mails to an address would hold the join's back.
    await db().delete(rateLimits);
    const api = createTestClient(server.url);
    const unknown = uniqueEmail('nobody');
    const forExisting = await api.post(`/api/sites/${site.handle}/join`, { email: existing.email.toUpperCase() });
    const forUnknown = await api.post(`/api/sites/${site.handle}/join`, { email: unknown });
    expect([forExisting.status, forExisting.body]).toEqual([202, { mailed: true }]);
    expect([forUnknown.status, forUnknown.body]).toEqual([202, { mailed: true }]);
    const [mail] = await server.smtp.waitForMail(existing.email, { count: 2 }).then((mails) => mails.slice(1));
    expect(mail!.subject).toBe('Confirm your e-mail to join Harbour Sounds');
    const reader = createTestClient(server.url);
    const followed = await followJoinLink(reader, mail!.links.find((link) => link.includes('/join/confirm'))!);
    expect(followed.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
    const me = await reader.get<{ user: { email: string; role: string } }>('/api/auth/me');
    expect(me.body.user).toMatchObject({ email: existing.email, role: 'creator' });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, existing.email))).toHaveLength(1);
    expect(await membershipOf(site.id, existing.email)).toMatchObject({ status: 'active' });
    // Their password still signs them in.
    expect((await createTestClient(server.url).post('/api/auth/login', { email: existing.email, password: existing.password })).status).toBe(200);
  });

  it('reuses the account an earlier join made, and ends the earlier link', async () => {
    const { site } = await aSite();
    const email = uniqueEmail('twice');
    const api = createTestClient(server.url);
    expect((await api.post(`/api/sites/${site.handle}/join`, { email })).status).toBe(202);
    const [first] = await server.smtp.waitForMail(email);
    // Asked again at once: one mail per address a minute, whoever asks.
    const soon = await api.post(`/api/sites/${site.handle}/join`, { email });
    expect(soon.status).toBe(429);
    const soonByForm = await api.post(`/@${site.handle}/join/signup`, formBody({ email, choice: `${await freeTierOf(site.id)}:month` }), FORM);
    expect(soonByForm.status).toBe(429);
    expect(soonByForm.text).toContain('We have just sent a link to this address. Please wait a minute, then ask again.');
    await db().delete(rateLimits);
    expect((await api.post(`/api/sites/${site.handle}/join`, { email })).status).toBe(202);
    const [, second] = await server.smtp.waitForMail(email, { count: 2 });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    const reader = createTestClient(server.url);
    const stale = await reader.visit(first!.links.find((link) => link.includes('/join/confirm'))!);
    expect(stale.headers.get('location')).toBe(`/@${site.handle}/join?link=used`);
    const fresh = await followJoinLink(reader, second!.links.find((link) => link.includes('/join/confirm'))!);
    expect(fresh.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
  });

  it('answers a malformed address with the field, a foreign handle with 404, and keeps the signed-in join', async () => {
    const { site, freeTier } = await aSite();
    const api = createTestClient(server.url);
    const bad = await api.post(`/api/sites/${site.handle}/join`, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid-email', field: 'email' } });
    const page = await api.post(`/@${site.handle}/join/signup`, formBody({ email: '<script>@x', choice: `${freeTier.id}:month` }), FORM);
    expect(page.status).toBe(400);
    expect(page.text).toContain('aria-invalid="true" aria-describedby="join-email-problem"');
    expect(page.text).toContain('value="&lt;script&gt;@x"');
    expect(page.text).not.toContain('<script>@x');
    expect((await api.post('/api/sites/no-such-site-here/join', { email: uniqueEmail('foreign') })).status).toBe(404);
    expect((await api.post(`/@no-such-site-here/join/signup`, formBody({ email: uniqueEmail('foreign'), choice: `${freeTier.id}:month` }), FORM)).status).toBe(404);
    // A tier of another site is not one of this site's choices.
    const other = await aSite();
    const foreignTier = await api.post(`/@${site.handle}/join/signup`, formBody({ email: uniqueEmail('cross'), choice: `${other.freeTier.id}:month` }), FORM);
    expect(foreignTier.status).toBe(400);
    expect(foreignTier.text).toContain('That is not one of the memberships of this site.');

    const member = await signUpVerified(server);
    const joined = await member.client.post(`/api/sites/${site.handle}/join`, { tierId: freeTier.id });
    expect(joined.status).toBe(201);
    expect(await membershipOf(site.id, member.email)).toMatchObject({ status: 'active' });
  });

  it('signs a member with no password in again by the same form, without a second membership', async () => {
    const { site, freeTier } = await aSite();
    const email = uniqueEmail('back');
    await joinByEmail(createTestClient(server.url), server.smtp, { handle: site.handle, tierId: freeTier.id, email });
    // Another device, a day later: the mail limit has long passed.
    await db().delete(rateLimits);
    const elsewhere = createTestClient(server.url);
    const sent = await elsewhere.post(`/@${site.handle}/join/signup`, formBody({ email, choice: `${freeTier.id}:month` }), FORM);
    expect(sent.text).toContain('Check your inbox');
    const followed = await followJoinLink(elsewhere, await joinLinkFrom(server.smtp, email, 2));
    expect(followed.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
    expect((await elsewhere.get<{ user: { email: string } }>('/api/auth/me')).body.user.email).toBe(email);
    const userId = await userIdOf(db(), email);
    expect(await db().select({ id: memberships.id }).from(memberships).where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))).toHaveLength(1);
  });

  it('lets a member give their name later on the site\'s account page, escaped where it shows', async () => {
    const { site, freeTier } = await aSite();
    const fan = createTestClient(server.url);
    const email = uniqueEmail('named');
    await joinByEmail(fan, server.smtp, { handle: site.handle, tierId: freeTier.id, email });
    const page = await fan.get(`/@${site.handle}/account`);
    expect(page.text).toContain('<input class="account__field" id="account-name" name="fullName" autocomplete="name" required maxlength="100" value="">');
    const saved = await fan.post(`/@${site.handle}/account/name`, formBody({ fullName: ' Ada <b>Fan</b> ' }), FORM);
    expect([saved.status, saved.headers.get('location')]).toEqual([303, `/@${site.handle}/account?notice=name-saved`]);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ fullName: 'Ada <b>Fan</b>', displayName: 'Ada' });
    const again = await fan.get(`/@${site.handle}/account?notice=name-saved`);
    expect(again.text).toContain('value="Ada &lt;b&gt;Fan&lt;/b&gt;"');
    expect(again.text).toContain('Your name is saved.');
    const blank = await fan.post(`/@${site.handle}/account/name`, formBody({ fullName: '   ' }), FORM);
    expect(blank.headers.get('location')).toBe(`/@${site.handle}/account?notice=name-refused`);
    expect((await db().select({ fullName: users.fullName }).from(users).where(eq(users.email, email)))[0]!.fullName).toBe('Ada <b>Fan</b>');
    // Signed out, or from another origin: nobody's name changes.
    expect((await createTestClient(server.url).post(`/@${site.handle}/account/name`, formBody({ fullName: 'Mallory' }), FORM)).headers.get('location')).toBe(`/@${site.handle}/sign-in`);
    expect((await fan.post(`/@${site.handle}/account/name`, formBody({ fullName: 'Mallory' }), { ...FORM, origin: 'https://evil.example.test' })).status).toBe(403);
    expect((await db().select({ fullName: users.fullName }).from(users).where(eq(users.email, email)))[0]!.fullName).toBe('Ada <b>Fan</b>');
  });

  it('offers a clear choice when the site has paid tiers', async () => {
    const { site } = await aSite();
    await insertTier(db(), site.id, { name: 'Supporter', type: 'paid', monthlyPrice: 500, currency: 'usd' });
    const page = await createTestClient(server.url).get(`/@${site.handle}/join`);
    expect(page.text).toContain('<legend>Your membership</legend>');
    expect(page.text).toContain('Free: free');
    expect(page.text).toContain('Supporter: $5 a month');
    expect(page.text).toContain('>Continue</button>');
  });
});

async function freeTierOf(siteId: string): Promise<string> {
  const [tier] = await db()
    .select({ id: tiers.id })
    .from(tiers)
    .where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'free')));
  return tier!.id;
}
