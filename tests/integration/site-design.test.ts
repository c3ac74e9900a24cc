/**
 * The site's design (issue 17) on the real app and a real database: today's
 * layout until the first publish; draft, publish, discard and restore through
 * /api/design; the owner's draft preview never cached or shown to others; the
 * anonymous page cache dropped at publish; and the faults: markup in every
 * field of every section, javascript: and data: URLs, another creator's media,
 * a 10 MB design, 1,000 sections, an unknown theme, section or field, a stale
 * revision, a publish racing a draft save, a restore whose media was deleted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { newSectionSettings, SECTION_TYPES, type Design, type Section } from '../../common/design.ts';
import { media, tiers } from '../../db/content-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMedia, insertPost } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let creator: Creator;
let other: Creator;
let otherFreeTier: typeof tiers.$inferSelect | undefined;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  [creator, other] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
  await insertPost(db(), creator.siteId, { slug: 'first-light', title: 'First light', excerpt: 'Dawn on the pier' });
  [otherFreeTier] = await db().insert(tiers).values({ siteId: other.siteId, name: '<b>Free</b>', type: 'free', description: '<i>Every post</i>', benefits: ['<u>All</u>'] }).returning();
});

afterAll(async () => {
  await server?.stop();
});

type Problem = { error: { code: string; path?: string } };
const put = (who: Creator, body: unknown) => sendJson<{ revision: number } & Problem>(server, who.client, 'PUT', '/api/design/draft', body);
const post = <T = DesignState & Problem>(who: Creator, path: string, body: unknown) => sendJson<T>(server, who.client, 'POST', path, body);
const state = async (who: Creator) => (await who.client.get<DesignState>('/api/design')).body;
const anonymous = () => createTestClient(server.url);
const home = async (handle: string) => (await anonymous().get(`/@${handle}`)).text;

function section<T extends Section['type']>(type: T, id: string = type, settings: Partial<Section['settings']> = {}): Section {
  return { id, type, hidden: false, settings: { ...newSectionSettings(type), ...settings } } as Section;
}

/** Saves `design` from the current revision and publishes it. */
async function publish(who: Creator, design: Design): Promise<DesignState> {
  const saved = await put(who, { design, revision: (await state(who)).revision });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const published = await post(who, '/api/design/publish', { revision: saved.body.revision });
  expect(published.status).toBe(200);
  return published.body;
}

describe('today’s layout is the first design', () => {
  it('offers the classic theme with hero, about and the latest posts, and the page stays as it was until a publish', async () => {
    const before = await home(other.handle);
    const first = await state(other);
    expect(first.draft.theme).toBe('classic');
    expect(first.draft.sections.map((item) => item.type)).toEqual(['hero', 'about', 'latest-posts']);
    expect(first.published).toBeNull();
    expect(first.hasDraft).toBe(false);
    expect(first.previewUrl).toBe(`/@${other.handle}?preview=design&visitor=1`);
    const saved = await put(other, { design: { ...first.draft, theme: 'bold' }, revision: first.revision });
    expect(saved.status).toBe(200);
    expect(await home(other.handle)).toBe(before);
    expect(before).not.toContain('data-theme');
  });
});

describe('draft, preview and publish', () => {
  it('shows the draft to its owner in preview only, and to everyone once published, dropping the cached page', async () => {
    const cachedBefore = await home(creator.handle);
    const { draft, revision } = await state(creator);
    const design: Design = {
      ...draft,
      theme: 'editorial',
      colors: { accent: '#0a7d5a' },
      nav: [{ label: 'Newsletter', url: 'https://example.com/news' }],
      sections: [section('hero', 'hero', { heading: 'Tides and tales' }), section('faq', 'faq', { heading: 'Questions', items: [{ question: 'When?', answer: 'At dawn.' }] }), ...draft.sections.slice(1)],
    };
    const saved = await put(creator, { design, revision });
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(revision + 1);

    const preview = await creator.client.get(`/@${creator.handle}?preview=design`);
    expect(preview.text).toContain('Tides and tales');
    expect(preview.text).toContain('data-theme="editorial"');
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    // Anyone else asking for the preview gets the published page.
    expect((await anonymous().get(`/@${creator.handle}?preview=design`)).text).not.toContain('Tides and tales');
    expect((await other.client.get(`/@${creator.handle}?preview=design`)).text).not.toContain('Tides and tales');
    expect(await home(creator.handle)).toBe(cachedBefore);

    const published = await post(creator, '/api/design/publish', { revision: saved.body.revision });
    expect(published.status).toBe(200);
    expect(published.body.hasDraft).toBe(false);
    expect(published.body.versions).toHaveLength(1);
    const page = await home(creator.handle);
    expect(page).toContain('<h1 class="hero__title">Tides and tales</h1>');
    expect(page).toContain('<summary>When?</summary>');
    expect(page).toContain('href="https://example.com/news"');
    expect(page).toContain('--brand:#0a7d5a');
    expect(page.indexOf('Tides and tales')).toBeLessThan(page.indexOf('First light'));
    // The post, join and account pages follow the theme.
    expect((await anonymous().get(`/@${creator.handle}/posts/first-light`)).text).toContain('data-theme="editorial"');
    expect((await anonymous().get(`/@${creator.handle}/join`)).text).toContain('data-theme="editorial"');
    expect((await creator.client.get(`/@${creator.handle}/account`)).text).toContain('data-theme="editorial"');
  });

  it('discards a draft back to the published design', async () => {
    const published = await publish(creator, { ...(await state(creator)).draft, theme: 'editorial' });
    const saved = await put(creator, { design: { ...published.draft, theme: 'studio' }, revision: published.revision });
    expect((await state(creator)).hasDraft).toBe(true);
    const discarded = await post(creator, '/api/design/discard', { revision: saved.body.revision });
    expect(discarded.status).toBe(200);
    expect(discarded.body.hasDraft).toBe(false);
    expect(discarded.body.draft.theme).toBe('editorial');
  });

  it('restores an earlier version into the draft, and keeps a version id of another site out of reach', async () => {
    const first = await state(creator);
    await publish(creator, { ...first.draft, theme: 'editorial' });
    await publish(creator, { ...first.draft, theme: 'bold' });
    const after = await state(creator);
    const older = after.versions.find((version) => version.version === after.versions[0]!.version - 1)!;
    const restored = await post(creator, `/api/design/versions/${older.id}/restore`, { revision: after.revision });
    expect(restored.status).toBe(200);
    expect(restored.body.draft.theme).toBe('editorial');
    expect(restored.body.published!.theme).toBe('bold');
    const foreign = await post(other, `/api/design/versions/${older.id}/restore`, { revision: (await state(other)).revision });
    expect(foreign.status).toBe(404);
    expect((await post(creator, '/api/design/versions/not-a-uuid/restore', { revision: 0 })).status).toBe(404);
  });
});

describe('latest posts', () => {
  it('shows the design’s number of posts and goes on from there on page 2', async () => {
    const third = await creatorWithSite(server);
    const cover = await insertMedia(db(), third.siteId, 'image');
    for (let index = 1; index <= 5; index += 1) {
      await insertPost(db(), third.siteId, { slug: `p-${index}`, title: `Entry number ${index}`, publishedAt: new Date(Date.UTC(2026, 0, index)), coverMediaId: index === 5 ? cover.id : null });
    }
    const { draft } = await state(third);
    await publish(third, { ...draft, sections: [section('latest-posts', 'latest-posts', { count: 3, layout: 'cards' })] });
    const first = await home(third.handle);
    expect(first.match(/Entry number \d/g)).toEqual(['Entry number 5', 'Entry number 4', 'Entry number 3']);
    expect(first).toContain(`href="/@${third.handle}?page=2" rel="next"`);
    expect(first).toMatch(new RegExp(`<div class="d-card__cover"><img src="/media/${cover.id}/`));
    const second = (await anonymous().get(`/@${third.handle}?page=2`)).text;
    expect(second.match(/Entry number \d/g)).toEqual(['Entry number 2', 'Entry number 1']);
    expect(second).toContain('data-theme="classic"');
  });
});

describe('several servers', () => {
  it('drops the kept page and compiled design on every server when one publishes', async () => {
    const second = await startTestServer({ shareWith: server });
    try {
      const fromSecond = async () => (await createTestClient(second.url).get(`/@${creator.handle}`)).text;
      const { draft } = await state(creator);
      const before = await fromSecond();
      expect(before).toBe(await fromSecond());
      await publish(creator, { ...draft, theme: 'studio', sections: [section('text', 'notice', { text: 'Published on the first server' })] });
      await expect.poll(fromSecond).toContain('Published on the first server');
      expect(await fromSecond()).toContain('data-theme="studio"');
    } finally {
      await second.stop();
    }
  });
});

describe('two editors at once', () => {
  it('refuses a save from a stale revision with 409 design-changed', async () => {
    const { draft, revision } = await state(creator);
    expect((await put(creator, { design: draft, revision })).status).toBe(200);
    const stale = await put(creator, { design: { ...draft, theme: 'studio' }, revision });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('design-changed');
  });

  it('lets exactly one of a publish and a draft save made from the same revision through', async () => {
    const { draft, revision } = await state(creator);
    const [saved, published] = await Promise.all([put(creator, { design: { ...draft, theme: 'studio' }, revision }), post(creator, '/api/design/publish', { revision })]);
    expect([saved.status, published.status].sort()).toEqual([200, 409]);
    const after = await state(creator);
    expect(after.revision).toBe(revision + 1);
    if (saved.status === 200) expect(after.draft.theme).toBe('studio');
    else expect(after.hasDraft).toBe(false);
  });
});

const MARKUP = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;

/** Every section type with every text field of its settings holding markup. */
function hostileDesign(base: Design, imageId: string): Design {
  const m = MARKUP;
  const settings: { [T in Section['type']]: Section['settings'] } = {
    hero: { heading: m, text: m, imageId, showJoin: true, align: 'left' },
    about: { heading: m, text: m },
    'latest-posts': { heading: m, layout: 'cards', count: 5 },
    'featured-posts': { heading: m, postIds: [] },
    tiers: { heading: m, text: m },
    join: { heading: m, text: m, buttonLabel: '<script>alert(1)</script>' },
    links: { heading: m, links: [{ label: m, url: 'https://example.com/?q="><script>alert(3)</script>' }] },
    media: { heading: m, mediaId: imageId, caption: m },
    gallery: { heading: m, images: [{ mediaId: imageId, caption: m }] },
    testimonials: { heading: m, items: [{ quote: m, name: m, role: m }] },
    faq: { heading: m, items: [{ question: m, answer: m }] },
    text: { heading: m, text: m },
  };
  return {
    ...base,
    theme: 'studio',
    nav: [{ label: m, url: '/@x?"><script>' }],
    footer: { text: m, links: [{ label: m, url: 'mailto:hi@example.com' }] },
    social: [{ network: 'instagram', url: 'https://instagram.com/x' }],
    seo: { description: m, imageId: null },
    sections: SECTION_TYPES.map((type) => ({ id: `s-${type}`, type, hidden: false, settings: settings[type] }) as Section),
  };
}

describe('bad designs', () => {
  it('keeps markup in every field of every section inert on the page', async () => {
    const image = await insertMedia(db(), other.siteId, 'image');
    const { draft } = await state(other);
    await publish(other, hostileDesign(draft, image.id));
    const page = await home(other.handle);
    expect(page).not.toMatch(/<script>alert/);
    expect(page).not.toMatch(/<img src=x/);
    expect(page).not.toContain('"><script>');
    expect(page.split('&lt;script&gt;alert(1)&lt;/script&gt;').length).toBeGreaterThan(20);
    for (const type of SECTION_TYPES.filter((type) => type !== 'featured-posts')) expect(page, type).toContain(`s-${type}`);
    // What the sections read besides the design is kept too, and dropped by the change that tells the site changed.
    expect((await other.patch(`/api/tiers/${otherFreeTier!.id}`, { name: 'Open door' })).status).toBe(200);
    expect(await home(other.handle)).toContain('<h3 class="tier__name">Open door</h3>');
  });

  it('refuses javascript: and data: URLs, an unknown theme, section or field, with the path of the problem', async () => {
    const { draft, revision } = await state(other);
    const refusals: [unknown, string][] = [
      [{ ...draft, nav: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'nav.0.url'],
      [{ ...draft, sections: [section('links', 'l', { links: [{ label: 'x', url: 'data:text/html,<script>alert(1)</script>' }] })] }, 'sections.0.settings.links.0.url'],
      [{ ...draft, social: [{ network: 'x', url: ' JAVASCRIPT:alert(1)' }] }, 'social.0.url'],
      [{ ...draft, nav: [{ label: 'x', url: '//evil.example/' }] }, 'nav.0.url'],
      [{ ...draft, theme: 'neon' }, 'theme'],
      [{ ...draft, sections: [{ id: 'x', type: 'carousel', hidden: false, settings: {} }] }, 'sections.0.type'],
      [{ ...draft, sections: [{ ...section('text'), settings: { heading: '', text: '', onclick: 'x' } }] }, 'sections.0.settings'],
      [{ ...draft, sparkles: true }, ''],
      [{ ...draft, colors: { accent: 'red;}body{display:none' } }, 'colors.accent'],
      [{ ...draft, sections: Array.from({ length: 1000 }, (_, index) => section('text', `t${index}`)) }, 'sections'],
    ];
    for (const [design, path] of refusals) {
      const answer = await put(other, { design, revision });
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code).toBe('invalid-design');
      expect(answer.body.error.path, JSON.stringify(design).slice(0, 80)).toBe(path);
    }
    expect((await state(other)).revision).toBe(revision);
  });

  it('refuses another creator’s media, and a 10 MB design before reading it', async () => {
    const theirs = await insertMedia(db(), creator.siteId, 'image');
    const { draft, revision } = await state(other);
    const foreign = await put(other, { design: { ...draft, logoId: theirs.id }, revision });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.path).toBe('logoId');
    const huge = await put(other, { design: { ...draft, sections: [section('text', 't', { text: 'x'.repeat(10 * 1024 * 1024) })] }, revision });
    expect(huge.status).toBe(413);
    const notAnImage = await insertMedia(db(), other.siteId, 'audio');
    const wrongKind = await put(other, { design: { ...draft, sections: [section('hero', 'h', { imageId: notAnImage.id })] }, revision });
    expect(wrongKind.body.error.path).toBe('sections.0.settings.imageId');
  });

  it('restores a version whose media was deleted since: the section shows nothing and the page renders', async () => {
    const doomed = await insertMedia(db(), other.siteId, 'image');
    const { draft } = await state(other);
    await publish(other, { ...draft, sections: [section('text', 'intro', { text: 'Still here' }), section('media', 'm', { heading: 'Our video', mediaId: doomed.id }), section('gallery', 'g', { images: [{ mediaId: doomed.id, caption: 'gone' }] })] });
    const withMedia = await state(other);
    await publish(other, { ...draft, theme: 'bold', sections: [section('text', 'intro', { text: 'Newer' })] });
    await db().delete(media).where(eq(media.id, doomed.id));
    const latest = await state(other);
    const restored = await post(other, `/api/design/versions/${withMedia.versions[0]!.id}/restore`, { revision: latest.revision });
    expect(restored.status).toBe(200);
    const published = await post(other, '/api/design/publish', { revision: restored.body.revision });
    expect(published.status).toBe(200);
    const page = await anonymous().get(`/@${other.handle}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Still here');
    expect(page.text).not.toContain('Our video');
    expect(page.text).not.toContain(doomed.id);
  });

  it('keeps the API to verified creators with a site', async () => {
    expect((await anonymous().get('/api/design')).status).toBe(401);
  });
});
