/**
 * Issue 29 item 2 (docs/decisions/142): a site has one colour and one logo.
 * The published design holds them; `sites.brand_color` is the colour's copy,
 * which the migration of today's sites fills from the published design (the
 * design's wins), a publish keeps equal, and a colour chosen in onboarding or
 * Settings > General writes into the design too. Through the real API and
 * database: GET /api/sites/mine, the design, the site's page and its mail (the
 * welcome preview) all show the same colour; a logo of another site's media
 * never reaches a site's mail.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import type { SiteJson } from '../../common/api/sites.ts';
import { defaultDesign } from '../../common/design.ts';
import { sites } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMedia, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const colourOf = async (siteId: string) => (await db().select({ brandColor: sites.brandColor }).from(sites).where(eq(sites.id, siteId)))[0]!.brandColor;

async function mine(creator: Creator): Promise<SiteJson> {
  const answer = await creator.client.get<{ site: SiteJson }>('/api/sites/mine');
  expect(answer.status).toBe(200);
  return answer.body.site;
}

async function welcomePreview(creator: Creator): Promise<string> {
  const preview = await sendJson<{ html: string }>(server, creator.client, 'POST', '/api/email/welcome/preview', { text: 'Hello.' });
  expect(preview.status, preview.text).toBe(200);
  return preview.body.html;
}

describe('the migration of today’s two colours', () => {
  it('gives each site its published design’s colour, and leaves sites without one as they are', async () => {
    const owner = await signUpVerified(server);
    const ownerId = await userIdOf(db(), owner.email);
    const others = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const [designed, draftOnly, bare] = await Promise.all([
      insertSite(db(), ownerId, { brandColor: '#0f766e' }),
      ...others.map(async (other) => insertSite(db(), await userIdOf(db(), other.email), { brandColor: '#1d4ed8' })),
    ]);
    // Written as the editor of release 3 left them: the design's colour and the onboarding colour apart.
    await db().insert(siteDesigns).values([
      { siteId: designed.site.id, published: defaultDesign('#b45309'), draft: defaultDesign('#15803d'), publishedVersion: 1 },
      { siteId: draftOnly!.site.id, draft: defaultDesign('#be123c') },
    ]);
    await db().execute(sql.raw(readFileSync(new URL('../../migrations/0023_one_brand_colour.sql', import.meta.url), 'utf8')));
    expect(await colourOf(designed.site.id)).toBe('#b45309');
    expect(await colourOf(draftOnly!.site.id)).toBe('#1d4ed8');
    expect(await colourOf(bare!.site.id)).toBe('#1d4ed8');
  });
});

describe('one colour, wherever it is chosen', () => {
  it('publishing a design makes its colour the site’s: the API, the page and the mail show it', async () => {
    const creator = await creatorWithSite(server);
    const { draft, revision } = (await creator.client.get<DesignState>('/api/design')).body;
    const saved = await sendJson<{ revision: number }>(server, creator.client, 'PUT', '/api/design/draft', { design: { ...draft, colors: { accent: '#9333ea' } }, revision });
    expect(saved.status, saved.text).toBe(200);
    expect((await mine(creator)).brandColor).not.toBe('#9333ea');
    expect((await sendJson(server, creator.client, 'POST', '/api/design/publish', { revision: saved.body.revision })).status).toBe(200);

    expect((await mine(creator)).brandColor).toBe('#9333ea');
    expect(await welcomePreview(creator)).toContain('#9333ea');
    expect((await createTestClient(server.url).get(`/@${creator.handle}`)).text).toContain('#9333ea');
  });

  it('a colour chosen in settings goes into the published design and the draft, and an editor on the old draft hears of it', async () => {
    const creator = await creatorWithSite(server);
    const first = (await creator.client.get<DesignState>('/api/design')).body;
    const published = await sendJson<DesignState>(server, creator.client, 'POST', '/api/design/publish', { revision: first.revision });
    expect(published.status).toBe(200);
    const drafted = await sendJson<{ revision: number }>(server, creator.client, 'PUT', '/api/design/draft', { design: { ...published.body.draft, nav: [{ label: 'About', url: '/about' }] }, revision: published.body.revision });
    expect(drafted.status, drafted.text).toBe(200);

    const patched = await creator.patch<{ site: SiteJson }>('/api/sites/mine', { brandColor: '#C2410C' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.site.brandColor).toBe('#c2410c');

    const design = (await creator.client.get<DesignState>('/api/design')).body;
    expect(design.published?.colors.accent).toBe('#c2410c');
    expect(design.draft.colors.accent).toBe('#c2410c');
    // The draft's own change is kept beside the colour.
    expect(design.draft.nav).toEqual([{ label: 'About', url: '/about' }]);
    const stale = await sendJson(server, creator.client, 'PUT', '/api/design/draft', { design: published.body.draft, revision: drafted.body.revision });
    expect(stale.status).toBe(409);

    expect((await createTestClient(server.url).get(`/@${creator.handle}`)).text).toContain('#c2410c');
    expect(await welcomePreview(creator)).toContain('#c2410c');
  });

  it('a site that never published keeps its colour where the editor starts from it', async () => {
    const creator = await creatorWithSite(server);
    expect((await creator.patch('/api/sites/mine', { brandColor: '#0369a1' })).status).toBe(200);
    expect((await creator.client.get<DesignState>('/api/design')).body.draft.colors.accent).toBe('#0369a1');
    expect(await welcomePreview(creator)).toContain('#0369a1');
  });

  it('shows the published design’s logo in the site’s mail, and never another site’s file', async () => {
    const creator = await creatorWithSite(server);
    const stranger = await creatorWithSite(server);
    const own = await insertMedia(db(), creator.siteId, 'image');
    const foreign = await insertMedia(db(), stranger.siteId, 'image');
    await db().insert(siteDesigns).values({ siteId: creator.siteId, published: { ...defaultDesign('#6d28d9'), logoId: own.id }, publishedVersion: 1 });
    expect(await welcomePreview(creator)).toContain(`/media/${own.id}/public/`);

    await db().update(siteDesigns).set({ published: { ...defaultDesign('#6d28d9'), logoId: foreign.id } }).where(eq(siteDesigns.siteId, creator.siteId));
    const html = await welcomePreview(creator);
    expect(html).not.toContain(foreign.id);
    expect(html).not.toContain('<img');
  });
});
