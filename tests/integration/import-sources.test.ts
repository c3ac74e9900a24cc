/**
 * Each source of issue 30 imported through the HTTP API as a creator does it
 * (upload, dry run, run with a tier map, poll until done): a WordPress WXR, a
 * Ghost JSON export, a Patreon members CSV and a Mailchimp audience zip, each
 * written in its real format (tests/support/import-fixtures.ts), their images
 * served by a local "CDN" the server reaches with IMPORT_ALLOW_PRIVATE_ADDRESSES.
 * What each source must keep is checked where a creator and a reader see it:
 * posts and their re-hosted images, old addresses answering 301 (under
 * `/@handle` and on a custom domain), members with their tiers, comps,
 * newsletters and labels; members already here whom the source unsubscribed
 * get their newsletters turned off, and back on by the undo; a second run of
 * the same file adds nothing; an undo gives the old addresses back; another
 * creator's import id answers 404.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSource, ImportView } from '../../common/api/imports.ts';
import type { MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import type { PostAnswer, PostsAnswer } from '../../common/api/posts.ts';
import { activateDomain } from '../support/active-domain.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { ghostJson, patreonCsv, startImageHost, wordpressWxr, writeMailchimpZip, type ImageHost } from '../support/import-fixtures.ts';
import { waitForMedia } from '../support/media.ts';
import { insertTiers, seedMembers, type SiteTiers } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const DOMAIN = 'moved.harbour.test';


const ONE_TAGGED_POST = { where: 'Tags and categories', message: 'One post has tags or categories. Sites here have none, so they are not kept; the posts come in without them.' };
let dns: TestDnsServer;
let images: ImageHost;
let server: TestServer;
let scratch: string;
let counter = 0;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'import-sources-'));
  [dns, images] = await Promise.all([startDnsServer(), startImageHost()]);
  server = await startTestServer({ env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
});

afterAll(async () => {
  await server?.stop();
  await images?.close();
  await dns?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function creatorWithTiers(): Promise<{ creator: Creator; tiers: SiteTiers }> {
  const creator = await creatorWithSite(server);
  return { creator, tiers: await insertTiers(server.handle.db, creator.siteId) };
}

const cookieOf = (creator: Creator) => [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** `POST /api/imports` as the import page sends it: a multipart form with the source, the file and, for Ghost, the old address. */
async function upload(creator: Creator, source: ImportSource, fileName: string, bytes: Buffer | string, sourceUrl?: string) {
  const form = new FormData();
  form.set('source', source);
  if (sourceUrl) form.set('sourceUrl', sourceUrl);
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
  const response = await fetch(new URL('/api/imports', server.url), { method: 'POST', headers: { cookie: cookieOf(creator), origin: new URL(server.url).origin }, body: form });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { import: ImportView }).import;
}

/** Runs a planned import and polls it, as the page does, until it is no longer running. */
async function runToEnd(creator: Creator, id: string, tierMap: Record<string, string> = {}): Promise<ImportView> {
  const started = await creator.client.post<{ import: ImportView }>(`/api/imports/${id}/run`, { tierMap });
  expect(started.status, started.text).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await creator.client.get<{ import: ImportView }>(`/api/imports/${id}`);
    if (body.import.status !== 'running') return body.import;
    if (Date.now() > deadline) throw new Error(`import ${id} still running: ${JSON.stringify(body.import.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function importAll(creator: Creator, source: ImportSource, fileName: string, bytes: Buffer | string, { tierMap, sourceUrl }: { tierMap?: Record<string, string>; sourceUrl?: string } = {}) {
  const planned = await upload(creator, source, fileName, bytes, sourceUrl);
  const done = await runToEnd(creator, planned.id, tierMap);
  expect(done.status, JSON.stringify(done)).toBe('done');
  return { planned, done };
}

const postsOf = async (creator: Creator) => (await creator.client.get<PostsAnswer>('/api/posts')).body.posts;
const postBySlug = async (creator: Creator, slug: string) => {
  const summary = (await postsOf(creator)).find((post) => post.slug === slug);
  expect(summary, slug).toBeDefined();
  return (await creator.client.get<PostAnswer>(`/api/posts/${summary!.id}`)).body.post;
};

async function memberByEmail(creator: Creator, email: string): Promise<MemberDetail> {
  const { members } = (await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(email)}`)).body;
  expect(members, email).toHaveLength(1);
  return (await creator.client.get<{ member: MemberDetail }>(`/api/members/${members[0]!.id}`)).body.member;
}

const membersTotal = async (creator: Creator) => (await creator.client.get<MembersAnswer>('/api/members')).body.total;

/** A visitor's request on the platform, no redirect followed. */
const visit = (pathname: string) => fetch(new URL(pathname, server.url), { redirect: 'manual' });

/** The media ids a post's rendered HTML embeds. */
const embeddedMedia = (html: string) => [...html.matchAll(/data-media-id="([^"]+)"/g)].map((match) => match[1]!);

const ZERO_RESULT = { posts: 0, members: 0, linkedSubscriptions: 0, compedPatrons: 0, files: 0, redirects: 0, comments: 0 };

describe('a WordPress import', () => {
  it('brings posts and pages with their dates, excerpts, visibility and images, answers their old addresses with 301 on the handle and the domain, adds nothing the second time, and an undo gives the addresses back', async () => {
    const { creator } = await creatorWithTiers();
    const image = `${images.url}/wp-content/uploads/2024/03/harbour-at-dawn.png`;
    const wxr = wordpressWxr(images.url, [
      { id: 12, slug: 'harbour-at-dawn', title: 'Harbour at dawn', date: '2024-03-05 07:30:00', excerpt: 'Boats before the sun.', html: `The boats go out early.\n\n<img src="${image}" alt="The harbour" />`, categories: ['Harbour'] },
      { id: 13, slug: 'members-log', title: 'The members’ log', date: '2024-04-10 18:00:00', password: 'anchor', html: 'Only for those who know the word.' },
      { id: 20, slug: 'about', title: 'About the harbour', date: '2023-12-01 12:00:00', type: 'page', html: 'We write about boats.' },
    ]);
    const requestsBefore = images.requests();
    const checksBefore = images.firstByteChecks();

    const { planned, done } = await importAll(creator, 'wordpress', 'harbour.wordpress.2024-04-30.xml', wxr);
    expect(planned.counts).toMatchObject({ posts: 3, members: 0, files: 1 });
    // The one post with a category is told of once: sites here have no tags.
    expect(planned.problems).toEqual([ONE_TAGGED_POST]);
    expect(done.result).toMatchObject({ posts: 3, files: 1, members: 0 });
    expect(done.problems).toEqual([ONE_TAGGED_POST]);
    // The dry run asked for the image's first byte; the run copied it whole.
    expect([images.firstByteChecks(), images.requests()]).toEqual([checksBefore + 1, requestsBefore + 1]);

    const posts = await postsOf(creator);
    expect(posts.map((post) => [post.slug, post.title, post.status, post.visibility, post.publishedAt, post.excerpt]).sort()).toEqual([
      ['about', 'About the harbour', 'published', 'public', '2023-12-01T12:00:00.000Z', ''],
      ['harbour-at-dawn', 'Harbour at dawn', 'published', 'public', '2024-03-05T07:30:00.000Z', 'Boats before the sun.'],
      ['members-log', 'The members’ log', 'published', 'members', '2024-04-10T18:00:00.000Z', ''],
    ]);

    // The image is ours now: the post embeds a media item of the site, and no reader is sent to the old host.
    const dawn = await postBySlug(creator, 'harbour-at-dawn');
    const [mediaId] = embeddedMedia(dawn.previewHtml);
    expect(mediaId).toBeDefined();
    expect(dawn.previewHtml).not.toContain(images.url);
    expect((await waitForMedia(creator.client, mediaId!)).status).toBe('ready');
    const page = await visit(`/@${creator.handle}/posts/harbour-at-dawn`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('The boats go out early.');
    expect(html).toContain(`/media/${mediaId}/`);
    expect(html).not.toContain(images.url);

    // Old addresses: `?p=` and the dated permalink, under the handle, then on the domain once the site has one.
    const oldAddresses = ['/?p=12', '/2024/03/05/harbour-at-dawn/', '/2024/03/05/harbour-at-dawn'];
    for (const old of oldAddresses) {
      const onHandle = await visit(`/@${creator.handle}${old}`);
      expect(onHandle.status, old).toBe(301);
      expect(onHandle.headers.get('location'), old).toBe(`/@${creator.handle}/posts/harbour-at-dawn`);
    }
    expect((await visit(`/@${creator.handle}/?page_id=20`)).headers.get('location')).toBe(`/@${creator.handle}/posts/about`);
    await activateDomain(server, dns, creator, DOMAIN, TARGET);
    for (const old of oldAddresses) {
      const onDomain = await requestWithHost(server, old, { host: DOMAIN });
      expect(onDomain.status, old).toBe(301);
      expect(onDomain.headers.location, old).toBe('/posts/harbour-at-dawn');
    }

    // The same file again: nothing new, and the image already copied is neither checked nor fetched again.
    const again = await importAll(creator, 'wordpress', 'harbour.wordpress.2024-04-30.xml', wxr);
    expect(again.done.result).toEqual(ZERO_RESULT);
    expect(await postsOf(creator)).toHaveLength(3);
    expect([images.firstByteChecks(), images.requests()]).toEqual([checksBefore + 1, requestsBefore + 1]);

    const undone = await creator.client.post<{ import: ImportView }>(`/api/imports/${planned.id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.import.status).toBe('undone');
    expect(await postsOf(creator)).toEqual([]);
    expect((await requestWithHost(server, '/?p=12', { host: DOMAIN })).status).toBe(200);
    expect((await requestWithHost(server, '/2024/03/05/harbour-at-dawn/', { host: DOMAIN })).status).toBe(404);
  });
});

describe('a Ghost import', () => {
  it('resolves __GHOST_URL__ against the old address given, copies the body’s images and the cover, keeps visibility and answers /{slug}/ with 301', async () => {
    const { creator } = await creatorWithTiers();
    const json = ghostJson([
      {
        slug: 'lighthouse-keeper',
        title: 'The lighthouse keeper',
        excerpt: 'A night on the rock.',
        visibility: 'paid',
        publishedAt: '2024-02-14T20:00:00.000Z',
        featureImage: '__GHOST_URL__/content/images/2024/02/lighthouse-cover.png',
        html: '<p>The lamp turns all night.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2024/02/the-lamp.png" class="kg-image" alt="The lamp"></figure>',
        tags: ['Stories'],
      },
      { slug: 'tide-tables', title: 'Tide tables', visibility: 'members', publishedAt: '2024-03-01T06:00:00.000Z', html: '<p>High water at six.</p>' },
    ]);
    const { planned, done } = await importAll(creator, 'ghost', 'harbour.ghost.2024-04-01.json', json, { sourceUrl: images.url });
    expect(planned.counts).toMatchObject({ posts: 2, members: 0, files: 2 });
    expect(done.result).toMatchObject({ posts: 2, files: 2 });
    expect(done.problems).toEqual([ONE_TAGGED_POST]);

    const keeper = await postBySlug(creator, 'lighthouse-keeper');
    expect(keeper).toMatchObject({ title: 'The lighthouse keeper', excerpt: 'A night on the rock.', visibility: 'paid', publishedAt: '2024-02-14T20:00:00.000Z' });
    expect(keeper.coverMediaId).not.toBeNull();
    expect((await waitForMedia(creator.client, keeper.coverMediaId!)).status).toBe('ready');
    const body = `${keeper.previewHtml}${keeper.gatedHtml}`;
    expect(embeddedMedia(body)).toHaveLength(1);
    expect(embeddedMedia(body)[0]).not.toBe(keeper.coverMediaId);
    expect(body).not.toContain(images.url);
    expect(body).not.toContain('__GHOST_URL__');
    expect(await postBySlug(creator, 'tide-tables')).toMatchObject({ visibility: 'members', publishedAt: '2024-03-01T06:00:00.000Z' });

    const old = await visit(`/@${creator.handle}/lighthouse-keeper/`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/@${creator.handle}/posts/lighthouse-keeper`);
  });
});

describe('a Patreon import', () => {
  it('offers the Patreon tiers in the dry run, comps active patrons on the mapped tier until their next charge, and brings former patrons in free', async () => {
    const { creator, tiers } = await creatorWithTiers();
    const id = ++counter;
    const [gold, declined, former] = ['gold', 'declined', 'former'].map((name) => `${name}.${process.pid}.${id}@patrons.example`) as [string, string, string];
    const csv = patreonCsv([
      { email: gold, name: 'Grace Hopper', status: 'Active patron', tier: 'Gold crew', pledge: 8, nextCharge: '2099-06-01 00:00:00' },
      { email: declined, status: 'Declined patron', tier: 'Gold crew' },
      { email: former, status: 'Former patron', tier: 'Deckhands' },
    ]);
    const planned = await upload(creator, 'patreon', 'Members_1234567.csv', csv);
    expect(planned.counts).toMatchObject({ members: 3, paidMembers: 1, posts: 0 });
    expect(planned.tiers.map((choice) => choice.source)).toEqual(['Gold crew']);

    const done = await runToEnd(creator, planned.id, { 'Gold crew': tiers.gold.id });
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ members: 3, compedPatrons: 1, linkedSubscriptions: 0 });
    expect(await memberByEmail(creator, gold)).toMatchObject({ name: 'Grace Hopper', status: 'comped', tier: { id: tiers.gold.id }, compExpiresAt: '2099-06-01T00:00:00.000Z', paysThroughStripe: false });
    for (const email of [declined, former]) expect(await memberByEmail(creator, email)).toMatchObject({ status: 'active', tier: { id: tiers.free.id }, compExpiresAt: null });
  });
});

describe('a Mailchimp import', () => {
  it('brings unsubscribed and cleaned addresses with newsletters off, tags as labels, and a second run of the same zip adds nobody', async () => {
    const { creator } = await creatorWithTiers();
    const id = ++counter;
    const address = (name: string) => `${name}.${process.pid}.${id}@readers.example`;
    const file = path.join(scratch, `members_export_${id}.zip`);
    await writeMailchimpZip(file, {
      subscribed: [
        { email: address('reader'), firstName: 'Ada', lastName: 'Lovelace', tags: ['Early reader', 'Podcast'] },
        { email: address('plain'), firstName: 'Alan' },
      ],
      unsubscribed: [{ email: address('gone') }],
      cleaned: [{ email: address('bounced') }],
    });
    const bytes = await readFile(file);
    const { planned, done } = await importAll(creator, 'mailchimp', 'members_export_1a2b3c4d5e.zip', bytes);
    expect(planned.counts).toMatchObject({ members: 4, paidMembers: 0 });
    expect(done.result).toMatchObject({ members: 4 });

    expect(await memberByEmail(creator, address('reader'))).toMatchObject({ name: 'Ada Lovelace', subscribedToEmails: true, labels: expect.arrayContaining(['Early reader', 'Podcast']) });
    expect(await memberByEmail(creator, address('plain'))).toMatchObject({ subscribedToEmails: true });
    for (const name of ['gone', 'bounced']) expect(await memberByEmail(creator, address(name))).toMatchObject({ status: 'active', subscribedToEmails: false });
    const total = await membersTotal(creator);
    expect(total).toBe(4);

    const again = await importAll(creator, 'mailchimp', 'members_export_1a2b3c4d5e.zip', bytes);
    expect(again.done.result).toEqual(ZERO_RESULT);
    expect(await membersTotal(creator)).toBe(total);
  });
});

describe('an import of members already here', () => {
  it('turns off the newsletters of those unsubscribed or cleaned at the source, says so in the dry run, does it once, and an undo turns them back on unless changed since', async () => {
    const { creator, tiers } = await creatorWithTiers();
    const [gone, bounced, staying, changed, buyer] = await seedMembers(server.handle.db, creator.siteId, tiers, 5, `nl${++counter}`);
    const fresh = `fresh.${process.pid}.${counter}@readers.example`;
    const file = path.join(scratch, `members_export_here_${counter}.zip`);
    await writeMailchimpZip(file, {
      subscribed: [{ email: staying!.email }, { email: fresh }],
      unsubscribed: [{ email: gone!.email }, { email: changed!.email }],
      cleaned: [{ email: bounced!.email }],
      // Never subscribed at Mailchimp (bought in its shop), which is no "no": the newsletters chosen here stay.
      nonsubscribed: [{ email: buyer!.email }],
    });
    const bytes = await readFile(file);

    const planned = await upload(creator, 'mailchimp', 'members_export_1a2b3c4d5e.zip', bytes);
    expect(planned.counts).toMatchObject({ members: 1 });
    expect(planned.problems).toContainEqual({
      where: 'Members already here',
      message: '3 members already on your site get no newsletters at the source (unsubscribed, cleaned or e-mail disabled): the import turns their newsletters off here too.',
    });
    const done = await runToEnd(creator, planned.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    for (const member of [gone, bounced, changed]) expect(await memberByEmail(creator, member!.email)).toMatchObject({ status: 'active', subscribedToEmails: false });
    for (const member of [staying, buyer]) expect(await memberByEmail(creator, member!.email)).toMatchObject({ subscribedToEmails: true });
    expect(await memberByEmail(creator, fresh)).toMatchObject({ subscribedToEmails: true });

    // The same file again: nobody left to turn off, nothing said.
    const again = await importAll(creator, 'mailchimp', 'members_export_1a2b3c4d5e.zip', bytes);
    expect(again.planned.problems.filter((problem) => problem.where === 'Members already here')).toEqual([]);
    expect(again.done.result).toEqual(ZERO_RESULT);

    // One membership changes after the import: the undo leaves it as it is and says so.
    const edited = await creator.client.patch(`/api/members/${(await memberByEmail(creator, changed!.email)).id}`, { note: 'Asked by mail to stay off.' });
    expect(edited.status, edited.text).toBe(200);
    const undone = await creator.client.post<{ import: ImportView }>(`/api/imports/${done.id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.import.problems).toContainEqual({ where: 'Undo', message: '1 member left with newsletters off: their membership changed since the import.' });
    for (const member of [gone, bounced, staying]) expect(await memberByEmail(creator, member!.email)).toMatchObject({ subscribedToEmails: true });
    expect(await memberByEmail(creator, changed!.email)).toMatchObject({ subscribedToEmails: false });
  });
});

describe('another creator’s import', () => {
  it('answers 404 to GET, run and undo, and is not in their list', async () => {
    const [{ creator: owner }, { creator: stranger }] = await Promise.all([creatorWithTiers(), creatorWithTiers()]);
    const planned = await upload(owner, 'patreon', 'Members_1.csv', patreonCsv([{ email: `someone.${process.pid}.${++counter}@patrons.example`, status: 'Former patron' }]));

    expect((await stranger.client.get(`/api/imports/${planned.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/imports/${planned.id}/run`, {})).status).toBe(404);
    expect((await stranger.client.post(`/api/imports/${planned.id}/undo`)).status).toBe(404);
    expect((await stranger.client.get<{ imports: ImportView[] }>('/api/imports')).body.imports).toEqual([]);
    // Still the owner's, untouched.
    expect((await owner.client.get<{ import: ImportView }>(`/api/imports/${planned.id}`)).body.import.status).toBe('planned');
  });
});
