/**
 * An import's undo leaves what the site has taken up since it ran
 * (docs/decisions/160, "What the undo keeps"), over HTTP on one server: a
 * member who started paying here since, or whom the import linked to their
 * own Stripe subscription, keeps their membership and account (Stripe goes on
 * charging them); an account someone has signed in to stays; a post edited or
 * commented on since stays with its comments; an imported picture the design
 * names stays. What is untouched still goes, and the undo says what it kept.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../common/api/imports.ts';
import { defaultDesign } from '../../common/design.ts';
import { media, memberships, posts } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { sessions, users } from '../../db/schema.ts';
import { targetsOf } from '../../server/imports/import-items.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startImageHost, wordpressWxr, writeSubstackZip, type ImageHost } from '../support/import-fixtures.ts';
import { importToDone } from '../support/import-runs.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { uploadsFolder } from '../support/zip-fixtures.ts';

let server: TestServer;
let images: ImageHost;
let folder: Awaited<ReturnType<typeof uploadsFolder>>;

beforeAll(async () => {
  server = await startTestServer({ env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  images = await startImageHost();
  folder = await uploadsFolder();
});
afterAll(async () => {
  await server?.stop();
  await images?.close();
  await folder?.remove();
});

const later = () => new Date(Date.now() + 1000);

async function undo(creator: Creator, id: string): Promise<ImportView> {
  const answer = await sendJson<{ import: ImportView }>(server, creator.client, 'POST', `/api/imports/${id}/undo`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.import;
}

async function userOf(email: string) {
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('undoing an import after its members moved on', () => {
  it('keeps a member who pays here since, one linked to their Stripe subscription, and an account used since; removes the untouched', async () => {
    const creator = await creatorWithSite(server);
    const tiers = await insertTiers(server.handle.db, creator.siteId);
    const address = (name: string) => `${name}.${creator.handle}@undo-safety.example`;
    const [payer, linked, signedIn, untouched] = [address('payer'), address('linked'), address('signed-in'), address('untouched')];
    const file = await folder.write(`${creator.handle}-members.zip`, '');
    await writeSubstackZip(file, { posts: [], members: [payer, linked, signedIn, untouched].map((email) => ({ email })) });
    const done = await importToDone(server, creator, 'substack', file);
    const { db } = server.handle;

    // What subscription-sync.ts does when this member later pays by Checkout: the same row, updated in place.
    const payerId = (await userOf(payer))!.id;
    await db.update(memberships).set({ tierId: tiers.gold.id, status: 'active', source: 'stripe', stripeCustomerId: `cus_${creator.handle}`, stripeSubscriptionId: `sub_here_${creator.handle}`, updatedAt: later() }).where(eq(memberships.userId, payerId));
    // What the import writes for a member it linked to their existing subscription (write-members.ts), unchanged since.
    const linkedId = (await userOf(linked))!.id;
    await db.update(memberships).set({ tierId: tiers.gold.id, source: 'stripe', stripeCustomerId: `cus_l_${creator.handle}`, stripeSubscriptionId: `sub_linked_${creator.handle}` }).where(eq(memberships.userId, linkedId));
    // A member who signed in through a mailed link: a session, the address verified.
    const signedInId = (await userOf(signedIn))!.id;
    await db.insert(sessions).values({ id: `undo-safety-${creator.handle}`, userId: signedInId, expiresAt: new Date(Date.now() + 86_400_000) });

    const undone = await undo(creator, done.id);
    expect(undone.status).toBe('undone');
    const kept = await db.select({ userId: memberships.userId, subscription: memberships.stripeSubscriptionId }).from(memberships).where(eq(memberships.siteId, creator.siteId));
    expect(kept.map((row) => row.subscription).sort()).toEqual([`sub_here_${creator.handle}`, `sub_linked_${creator.handle}`]);
    expect(await userOf(payer)).toBeDefined();
    expect(await userOf(linked)).toBeDefined();
    expect(await userOf(signedIn)).toBeDefined();
    expect(await userOf(untouched)).toBeUndefined();
    expect(undone.problems).toContainEqual({ where: 'Undo', message: '2 paying members kept: they pay through Stripe.' });
  });

  it('keeps a post edited since and one commented on since, with the comment; removes the untouched one', async () => {
    const creator = await creatorWithSite(server);
    const file = await folder.write(`${creator.handle}-posts.zip`, '');
    await writeSubstackZip(file, {
      posts: ['edited', 'commented', 'untouched'].map((slug, index) => ({ id: index + 1, slug, title: slug, html: `<p>${slug}</p>` })),
      members: [],
    });
    const done = await importToDone(server, creator, 'substack', file);
    const { db } = server.handle;
    const bySlug = async (slug: string) => (await db.select().from(posts).where(and(eq(posts.siteId, creator.siteId), eq(posts.slug, slug))))[0];
    await db.update(posts).set({ title: 'Edited here', updatedAt: later() }).where(eq(posts.id, (await bySlug('edited'))!.id));
    const commented = (await bySlug('commented'))!;
    await db.insert(comments).values({ postId: commented.id, siteId: creator.siteId, authorId: creator.userId, body: 'A reader’s word', createdAt: later() });

    const undone = await undo(creator, done.id);
    const left = await db.select({ slug: posts.slug }).from(posts).where(eq(posts.siteId, creator.siteId));
    expect(left.map((post) => post.slug).sort()).toEqual(['commented', 'edited']);
    expect(await db.select().from(comments).where(eq(comments.postId, commented.id))).toHaveLength(1);
    expect(undone.problems).toContainEqual({ where: 'Undo', message: '2 posts kept: edited or commented on since the import.' });
  });
});

describe('undoing an import whose pictures the design uses', () => {
  it('keeps the imported picture the draft design names and removes the other', async () => {
    const creator = await creatorWithSite(server);
    const wxr = wordpressWxr(images.url, [
      { id: 1, slug: 'logo-post', title: 'Logo post', date: '2024-05-01 08:00:00', html: `<p><img src="${images.url}/img/${creator.handle}-logo.png"></p>` },
      { id: 2, slug: 'other-post', title: 'Other post', date: '2024-05-02 08:00:00', html: `<p><img src="${images.url}/img/${creator.handle}-other.png"></p>` },
    ]);
    const done = await importToDone(server, creator, 'wordpress', Buffer.from(wxr));
    const { db } = server.handle;
    const mediaIds = await targetsOf(db, done.id, 'media');
    expect(mediaIds).toHaveLength(2);
    const logo = mediaIds[0]!;
    await db.insert(siteDesigns).values({ siteId: creator.siteId, draft: { ...defaultDesign(), logoId: logo } });

    await undo(creator, done.id);
    const left = await db.select({ id: media.id }).from(media).where(inArray(media.id, mediaIds));
    expect(left.map((row) => row.id)).toEqual([logo]);
  });
});
