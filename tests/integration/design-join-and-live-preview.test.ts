/**
 * Two parts of the site design on the real app (issue 17): the `join`
 * section's join of the free tier with one e-mail field as a plain form POST (no JavaScript),
 * on the platform and on a site's own domain; and the editor's live preview,
 * the unsaved draft posted and rendered for its owner alone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { defaultDesign, newSectionSettings, type Design, type Section } from '../../common/design.ts';
import { memberships } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { rateLimits, sessions, users } from '../../db/schema.ts';
import { SITE_CHANGED_CHANNEL } from '../../server/sites/site-changes.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { continueForm, followJoinLink, joinLinkFrom } from '../support/join-by-email.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertTier } from '../support/site-fixtures.ts';
import { requestWithHost, type HostRequest } from '../support/host-request.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const joinSection: Section = { id: 'j1', type: 'join', hidden: false, settings: { ...newSectionSettings('join'), heading: 'Get the letters', buttonLabel: 'Sign me up' } };

async function publish(who: Creator, design: Design) {
  const { revision } = (await who.client.get<DesignState>('/api/design')).body;
  const saved = await sendJson<{ revision: number }>(server, who.client, 'PUT', '/api/design/draft', { design, revision });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await sendJson(server, who.client, 'POST', '/api/design/publish', { revision: saved.body.revision })).status).toBe(200);
}

/** A creator whose published design has a join section, with a free tier unless told otherwise. */
async function siteWithJoin(options: { free?: boolean } = {}) {
  const owner = await creatorWithSite(server);
  const free = options.free === false ? undefined : await insertTier(db(), owner.siteId, { name: 'Free', type: 'free' });
  await publish(owner, { ...defaultDesign(), sections: [...defaultDesign().sections, joinSection] });
  return { owner, free };
}

async function membershipOf(siteId: string, email: string) {
  const [row] = await db()
    .select({ status: memberships.status, tierId: memberships.tierId, source: memberships.source })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.siteId, siteId), eq(users.email, email)));
  return row;
}

describe('the join section signs a visitor up into the free tier', () => {
  it('is a form with one e-mail field that works without JavaScript: the mailed link, the free membership and the welcome', async () => {
    const { owner, free } = await siteWithJoin();
    const visitor = createTestClient(server.url);
    const page = (await visitor.get(`/@${owner.handle}`)).text;
    expect(page).toContain(`<form class="d-join__form join__signup" method="post" action="/@${owner.handle}/join/signup" novalidate>`);
    expect(page).toContain(`name="choice" value="${free!.id}:month"`);
    expect(page).toContain('<label for="s-j1-email">Your e-mail</label>');
    expect(page).toContain('>Sign me up</button>');
    expect(page).not.toContain('name="password"');
    expect(page).toContain(`By joining you agree to the <a href="/@${owner.handle}/terms">Terms</a>`);

    const email = uniqueEmail('section-fan');
    const sent = await visitor.post(`/@${owner.handle}/join/signup`, form({ choice: `${free!.id}:month`, email }), FORM);
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Check your inbox');
    expect(await membershipOf(owner.siteId, email)).toBeUndefined();
    const followed = await followJoinLink(visitor, await joinLinkFrom(server.smtp, email));
    expect(followed.headers.get('location')).toBe(`/@${owner.handle}?joined=1`);
    expect(await membershipOf(owner.siteId, email)).toEqual({ status: 'active', tierId: free!.id, source: 'free' });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'member', emailVerified: true });
    const welcomed = (await visitor.get(`/@${owner.handle}?joined=1`)).text;
    expect(welcomed).toContain('Welcome!');
    // A member is not asked to join again.
    expect(welcomed).not.toContain('d-join__form');
  });

  it('answers a bad address in words, keeping what was typed, and an address in use as any other', async () => {
    const { owner, free } = await siteWithJoin();
    const bad = await createTestClient(server.url).post(`/@${owner.handle}/join/signup`, form({ choice: `${free!.id}:month`, email: 'not-an-address' }), FORM);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter a valid email address.');
    expect(bad.text).toContain('value="not-an-address"');

    // The owner's own address: "Check your inbox", as for anyone (their verification mail went moments ago, so the limit is cleared first).
    await db().delete(rateLimits);
    const taken = await createTestClient(server.url).post(`/@${owner.handle}/join/signup`, form({ choice: `${free!.id}:month`, email: owner.email }), FORM);
    expect(taken.status).toBe(200);
    expect(taken.text).toContain('Check your inbox');
  });

  it('refuses a post from another origin', async () => {
    const { owner, free } = await siteWithJoin();
    const foreign = createTestClient(server.url, 'https://evil.example.test');
    const answer = await foreign.post(`/@${owner.handle}/join/signup`, form({ choice: `${free!.id}:month`, email: uniqueEmail('csrf') }), FORM);
    expect(answer.status).toBe(403);
  });

  it('joins a signed-in reader with one click, and hides itself from a member', async () => {
    const { owner, free } = await siteWithJoin();
    const reader = await signUpVerified(server);
    const page = (await reader.client.get(`/@${owner.handle}`)).text;
    expect(page).toContain(`<form class="d-join__form" method="post" action="/@${owner.handle}/join"><input type="hidden" name="tierId" value="${free!.id}">`);
    expect(page).not.toContain('name="password"');
    const joined = await reader.client.post(`/@${owner.handle}/join`, form({ tierId: free!.id }), FORM);
    expect(joined.headers.get('location')).toBe(`/@${owner.handle}?joined=1`);
    expect(await membershipOf(owner.siteId, reader.email)).toMatchObject({ status: 'active', tierId: free!.id });
    expect((await reader.client.get(`/@${owner.handle}`)).text).not.toContain('s-j1');
  });

  it('falls back to the button to the join page when the site has no free tier', async () => {
    const { owner } = await siteWithJoin({ free: false });
    await insertTier(db(), owner.siteId, { name: 'Patron', type: 'paid', monthlyPrice: 500, currency: 'usd' });
    const page = (await createTestClient(server.url).get(`/@${owner.handle}`)).text;
    expect(page).toContain(`<a class="button" href="/@${owner.handle}/join#join-signup">Sign me up</a>`);
    expect(page).not.toContain('d-join__form');
  });

  it('posts to the site’s own domain there, where the same-origin guard accepts it', async () => {
    const { owner, free } = await siteWithJoin();
    const hostname = `${owner.handle}.example.test`;
    await db().insert(domains).values({ siteId: owner.siteId, hostname, status: 'active', verificationToken: `token-${owner.handle}` });
    // The notice the domains service sends when a domain turns active: every server's directory reads the site again.
    await db().execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${owner.siteId})`);
    await expect.poll(async () => (await raw('/', { host: hostname })).status).toBe(200);
    const home = await raw('/', { host: hostname });
    expect(home.body).toContain('<form class="d-join__form join__signup" method="post" action="/join/signup" novalidate>');
    const email = uniqueEmail('domain-fan');
    const body = form({ choice: `${free!.id}:month`, email });
    const sent = await raw('/join/signup', { host: hostname, method: 'POST', origin: `https://${hostname}`, body });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('Check your inbox');
    // The link is on the domain, where the session it opens belongs.
    const link = new URL(await joinLinkFrom(server.smtp, email));
    expect(link.origin).toBe(`https://${hostname}`);
    expect(link.pathname).toBe('/join/confirm');
    // Its page, then "Continue", posted from the domain (docs/decisions/152).
    const opened = await raw(`${link.pathname}${link.search}`, { host: hostname });
    expect(opened.status).toBe(200);
    const { action, body: token } = continueForm(opened.body);
    expect(action).toBe('/join/confirm');
    const followed = await raw(action, { host: hostname, method: 'POST', origin: `https://${hostname}`, body: token });
    expect([followed.status, followed.headers.location]).toEqual([303, `/@${owner.handle}?joined=1`]);
    expect(String(followed.headers['set-cookie'])).toMatch(/^session=/);
    expect(await membershipOf(owner.siteId, email)).toMatchObject({ status: 'active', tierId: free!.id });
    // Its session is bound to that domain and site (DESIGN.md "Sessions on custom domains").
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await db().select({ hostname: sessions.hostname, siteId: sessions.siteId }).from(sessions).where(eq(sessions.userId, user!.id))).toEqual([{ hostname, siteId: owner.siteId }]);
  });
});

describe('the editor’s live preview of the unsaved draft', () => {
  const previewPath = (handle: string) => `/@${handle}?preview=design&visitor=1`;

  it('renders the posted draft for its owner, never cached, without saving it', async () => {
    const owner = await creatorWithSite(server);
    const { draft, revision } = (await owner.client.get<DesignState>('/api/design')).body;
    const hero = draft.sections[0]!;
    const typed: Design = { ...draft, theme: 'bold', sections: [{ ...hero, settings: { ...hero.settings, heading: 'Typed <b>just now</b>' } } as Section, ...draft.sections.slice(1)] };
    const answer = await sendJson<string>(server, owner.client, 'POST', previewPath(owner.handle), { design: typed });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.text).toContain('Typed &lt;b&gt;just now&lt;/b&gt;');
    expect(answer.text).toContain('data-theme="bold"');
    const after = (await owner.client.get<DesignState>('/api/design')).body;
    expect(after.revision).toBe(revision);
    expect(JSON.stringify(after.draft)).not.toContain('Typed');
  });

  it('checks the draft with the design schema: an unknown section is a 400', async () => {
    const owner = await creatorWithSite(server);
    const { draft } = (await owner.client.get<DesignState>('/api/design')).body;
    const answer = await sendJson<{ error: { code: string } }>(server, owner.client, 'POST', previewPath(owner.handle), { design: { ...draft, sections: [{ id: 'x', type: 'marquee', hidden: false, settings: {} }] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid-design');
  });

  it('is a 404 to anyone but the owner, and to a post from another origin a 403', async () => {
    const owner = await creatorWithSite(server);
    const stranger = await creatorWithSite(server);
    const { draft } = (await owner.client.get<DesignState>('/api/design')).body;
    const hero = draft.sections[0]!;
    const typed = { ...draft, sections: [{ ...hero, settings: { ...hero.settings, heading: 'Not for strangers' } }, ...draft.sections.slice(1)] };
    const foreign = await sendJson(server, stranger.client, 'POST', previewPath(owner.handle), { design: typed });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Not for strangers');
    const anonymous = await sendJson(server, createTestClient(server.url), 'POST', previewPath(owner.handle), { design: typed });
    expect(anonymous.status).toBe(404);
    const withoutPreview = await sendJson(server, owner.client, 'POST', `/@${owner.handle}`, { design: typed });
    expect(withoutPreview.status).toBe(404);
    const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const crossSite = await fetch(new URL(previewPath(owner.handle), server.url), { method: 'POST', headers: { cookie, origin: 'https://evil.example.test', 'content-type': 'application/json' }, body: JSON.stringify({ design: typed }) });
    expect(crossSite.status).toBe(403);
  });
});

/** One request with the given Host (fetch may not set it), no redirects followed. */
const raw = (path: string, options: HostRequest) => requestWithHost(server, path, options);
