/**
 * The members-only line means what it says (issue 15 item 3, docs/decisions/064)
 * on the real app and database. A `public` post stored with a part behind
 * the marker (as release 2 let creators save it) is read as a members post by
 * the access rule on every channel: the page, its head, the site's RSS, the
 * sitemap and the signed media URLs never carry that part to an anonymous
 * reader. The posts API refuses to publish or schedule a new such post with
 * `marker-needs-members`, and a draft may hold both while the creator decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostAnswer } from '../../common/api/posts.ts';
import type { EditorDocument } from '../../common/posts.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertMembership, insertPost, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { sitemapUrls } from '../support/sitemap.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { tiers } from '../../db/content-schema.ts';

const BELOW_THE_LINE = 'sea-glass-below-the-line';
const ABOVE_THE_LINE = 'Everyone reads this part.';

let server: TestServer;
let creator: Creator;
let freeTierId: string;
let gatedImage: { id: string };
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
  const [freeTier] = await db().insert(tiers).values({ siteId: creator.siteId, name: 'Free', type: 'free' }).returning();
  freeTierId = freeTier!.id;
  gatedImage = await insertMedia(db(), creator.siteId, 'image');
  // As release 2 stored a public post whose creator drew the line: everything after it in gated_html.
  const post = await insertPost(db(), creator.siteId, {
    slug: 'public-with-line',
    title: 'A public post with the line',
    excerpt: 'The teaser',
    visibility: 'public',
    previewHtml: `<p>${ABOVE_THE_LINE}</p>`,
    gatedHtml: `<p>${BELOW_THE_LINE}</p>${embed({ id: gatedImage.id, kind: 'image' })}`,
  });
  await linkMedia(db(), post.id, gatedImage.id, 'gated');
  await insertPost(db(), creator.siteId, { slug: 'plain-public', title: 'Plain public', previewHtml: '<p>All of it.</p>' });
});

afterAll(async () => {
  await server?.stop();
});

async function verifiedMember(): Promise<TestClient> {
  const reader = await signUpVerified(server);
  await insertMembership(db(), { siteId: creator.siteId, userId: await userIdOf(db(), reader.email), tierId: freeTierId });
  return reader.client;
}

function expectClosed(body: string, context: string) {
  expect(body, context).not.toContain(BELOW_THE_LINE);
  expect(body, context).not.toContain(gatedImage.id);
}

describe('a public post stored with a part behind the members-only line', () => {
  it('shows an anonymous reader the part above the line and a call to join, on the page and in its head', async () => {
    const page = await createTestClient(server.url).get(`/@${creator.handle}/posts/public-with-line`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(ABOVE_THE_LINE);
    expectClosed(page.text, 'page');
    expect(page.text).toContain('id="gate-heading"');
    expect(page.text).toContain('This post is for members');
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    expect(head).toContain('"isAccessibleForFree":false');
  });

  it('keeps the part out of the site RSS and the post out of the sitemap for an anonymous reader', async () => {
    const anonymous = createTestClient(server.url);
    const rss = await anonymous.get(`/@${creator.handle}/rss.xml`);
    expect(rss.status).toBe(200);
    expect(rss.text).toContain('public-with-line');
    expectClosed(rss.text, 'RSS');
    const sitemap = (await sitemapUrls(server.url)).join('\n');
    expect(sitemap).toContain(`/@${creator.handle}/posts/plain-public`);
    expect(sitemap).not.toContain('public-with-line');
  });

  it('opens it whole to a member and to the owner, with its media signed', async () => {
    for (const [who, client] of [
      ['member', await verifiedMember()],
      ['owner', creator.client],
    ] as const) {
      const page = await client.get(`/@${creator.handle}/posts/public-with-line`);
      expect(page.text, who).toContain(BELOW_THE_LINE);
      expect(page.text, who).toContain(`/media/${gatedImage.id}/`);
      expect(page.text, who).not.toContain('id="gate-heading"');
    }
  });

  it('lets a member feed serve the media below the line to a member, never to a bad token', async () => {
    const member = await verifiedMember();
    const answer = await member.post<{ url: string }>(`/api/sites/${creator.handle}/feed-token`);
    const feed = await (await fetch(answer.body.url)).text();
    expect(feed).toContain(BELOW_THE_LINE);
    const base = answer.body.url.slice(0, -'.xml'.length);
    expect((await fetch(`${base}/media/${gatedImage.id}/original`, { redirect: 'manual' })).status).toBe(302);
    const forged = `${server.url}/@${creator.handle}/feed/${'A'.repeat(43)}/media/${gatedImage.id}/original`;
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(404);
  });
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const markedDocument: EditorDocument = { type: 'doc', content: [paragraph(ABOVE_THE_LINE), { type: 'membersOnly' }, paragraph(BELOW_THE_LINE)] };

describe('the posts API and the marker', () => {
  it('keeps a public draft with the marker, and refuses to publish or schedule it with marker-needs-members', async () => {
    const draft = await creator.client.post<PostAnswer>('/api/posts', { title: 'Drawn line', body: markedDocument });
    expect(draft.status, draft.text).toBe(201);
    const id = draft.body.post.id;

    const published = await creator.patch(`/api/posts/${id}`, { status: 'published' });
    expect(published.status).toBe(400);
    expect(published.body).toMatchObject({ error: { code: 'marker-needs-members', field: 'visibility', message: SERVER_MESSAGES['marker-needs-members'] } });
    const scheduled = await creator.patch(`/api/posts/${id}`, { status: 'scheduled', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.body).toMatchObject({ error: { code: 'marker-needs-members' } });

    const members = await creator.patch<PostAnswer>(`/api/posts/${id}`, { status: 'published', visibility: 'members' });
    expect(members.status, members.text).toBe(200);
    const page = await createTestClient(server.url).get(`/@${creator.handle}/posts/${members.body.post.slug}`);
    expect(page.text).toContain(ABOVE_THE_LINE);
    expect(page.text).not.toContain(BELOW_THE_LINE);
    // Back to public while the line is there: refused, and the post stays a members post.
    const back = await creator.patch(`/api/posts/${id}`, { visibility: 'public' });
    expect(back.body).toMatchObject({ error: { code: 'marker-needs-members' } });
  });

  it('refuses a public post published at once, from the editor document or from imported HTML', async () => {
    const fromBody = await creator.client.post('/api/posts', { title: 'At once', status: 'published', body: markedDocument });
    expect(fromBody.status).toBe(400);
    expect(fromBody.body).toMatchObject({ error: { code: 'marker-needs-members' } });
    const fromHtml = await creator.client.post('/api/posts', { title: 'Imported', status: 'published', html: `<p>${ABOVE_THE_LINE}</p><!--members-only--><p>${BELOW_THE_LINE}</p>` });
    expect(fromHtml.status).toBe(400);
    expect(fromHtml.body).toMatchObject({ error: { code: 'marker-needs-members' } });
    expect((await sitemapUrls(server.url)).join('\n')).not.toMatch(/at-once|imported/);
  });

  it('publishes a public post without the marker as before', async () => {
    const plain = await creator.client.post<PostAnswer>('/api/posts', { title: 'No line', status: 'published', body: { type: 'doc', content: [paragraph('All of it')] } });
    expect(plain.status, plain.text).toBe(201);
  });
});
