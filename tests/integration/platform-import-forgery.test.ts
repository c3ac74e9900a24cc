/**
 * Our own export read back is still a file the uploader can edit: the manifest's
 * hashes can be recomputed. So a comment "by" an account that has nothing to do
 * with the arriving site comes in as a deleted member's, a design with a
 * hostile colour is left out at the dry run (and a hostile site colour refuses
 * the file), and a bad colour already stored never reaches mail HTML
 * (docs/decisions/157).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '../../common/design.ts';
import { DEFAULT_BRAND_COLOR } from '../../common/sites.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { createExportZip } from '../../server/exports/export-zip.ts';
import { loadMailBrand } from '../../server/sites/site-brand.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { importToDone, uploadImport } from '../support/import-runs.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const HOSTILE = '"><a href="https://evil.example/login">Sign in again</a><span x="';

let server: TestServer;
let dir: string;

interface Forged {
  brandColor?: string;
  accent?: string;
  comments?: { author: string | null; body: string }[];
  memberEmails?: string[];
}

/** An export of our format made by the export's own zip writer, so every manifest hash matches what was forged. */
async function forgedExport(forged: Forged): Promise<Buffer> {
  const file = path.join(dir, `${randomUUID()}.zip`);
  const zip = createExportZip(file);
  const design = defaultDesign('#224466');
  const shown = forged.accent ? { ...design, colors: { accent: forged.accent } } : design;
  const site = {
    site: { handle: 'old-home', title: 'Old home', tagline: '', about: '', brandColor: forged.brandColor ?? '#224466', avatarMediaId: null, bannerMediaId: null, publishedAt: null, createdAt: '2025-01-01T00:00:00.000Z' },
    settings: { commentsFrom: 'members', messagesFrom: 'members', messageNotices: 'soon', pastDueAccess: true },
    design: { draft: shown, published: shown, versions: [{ version: 1, design: shown, publishedAt: '2025-01-02T00:00:00.000Z' }] },
    tiers: [{ name: 'Free', description: '', benefits: [], type: 'free', monthlyPrice: null, yearlyPrice: null, currency: 'usd', active: true, position: 0, stripeProductId: null, stripeMonthlyPriceId: null, stripeYearlyPriceId: null }],
  };
  await zip.add('site.json', JSON.stringify(site));
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] };
  const post = { id: randomUUID(), slug: 'open-letter', title: 'An open letter', excerpt: '', status: 'published', visibility: 'public', tierNames: [], publishedAt: '2025-01-02T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', coverMediaId: null, body };
  await zip.add('posts/open-letter.json', JSON.stringify(post));
  await zip.add('posts/open-letter.html', '<p>Hello</p>');
  await zip.add('media.json', '[]');
  const header = 'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,status,cadence,stripe_subscription_id,comp_expires_at,joined_at';
  const rows = (forged.memberEmails ?? []).map((email, index) => `m${index},${email},Reader ${index},,true,false,,2025-01-01T00:00:00.000Z,,,Free,active,,,,2025-01-01T00:00:00.000Z`);
  await zip.add('members.csv', [header, ...rows, ''].join('\n'));
  const written = (forged.comments ?? []).map((comment, index) => ({ id: `c${index}`, post: 'open-letter', parent: null, author: comment.author, body: comment.body, createdAt: '2025-02-01T00:00:00.000Z', hidden: false, pinned: true }));
  await zip.add('comments.json', JSON.stringify(written));
  await zip.add('messages.json', '[]');
  await zip.finish({ formatVersion: 1, exportedAt: '2025-02-01T00:00:00.000Z', site: { handle: 'old-home', title: 'Old home' }, counts: { posts: 1, media: 0, members: rows.length, comments: written.length, conversations: 0, messages: 0 } });
  return readFile(file);
}

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'platform-forgery-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a forged platform export', () => {
  it('names only accounts of the arriving site as comment authors: another account comes in as a deleted member', async () => {
    const [victim, arriving] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
    const newcomer = `newcomer.${randomUUID()}@example.com`;
    const file = await forgedExport({
      // The victim is listed as a member too: a membership the import itself makes does not vouch for an account it did not make.
      memberEmails: [newcomer, victim.email],
      comments: [
        { author: victim.email, body: 'I endorse this site.' },
        { author: arriving.email, body: 'From the creator.' },
        { author: newcomer, body: 'From a newcomer.' },
      ],
    });
    await importToDone(server, arriving, 'platform', file);
    const db = server.handle.db;
    const rows = await db.select({ body: comments.body, authorId: comments.authorId }).from(comments).where(eq(comments.siteId, arriving.siteId)).orderBy(asc(comments.body));
    const [made] = await db.select({ id: users.id }).from(users).where(eq(users.email, newcomer));
    expect(rows).toEqual([
      { body: 'From a newcomer.', authorId: made!.id },
      { body: 'From the creator.', authorId: arriving.userId },
      { body: 'I endorse this site.', authorId: null },
    ]);
  });

  it('leaves a design with a hostile colour out at the dry run, and refuses a hostile site colour', async () => {
    const arriving = await creatorWithSite(server);
    const dropped = await uploadImport(server, arriving, 'platform', await forgedExport({ accent: HOSTILE }));
    expect(dropped.status, dropped.text).toBe(201);
    expect(dropped.body.import.problems.map((problem) => problem.where)).toEqual(expect.arrayContaining(['site.json, the published design', 'site.json, the design’s draft', 'site.json, design version 1']));
    await importToDone(server, arriving, 'platform', await forgedExport({ accent: HOSTILE }));
    const [design] = await server.handle.db.select({ published: siteDesigns.published }).from(siteDesigns).where(eq(siteDesigns.siteId, arriving.siteId));
    expect(JSON.stringify(design?.published ?? null)).not.toContain('evil.example');

    const refused = await uploadImport(server, arriving, 'platform', await forgedExport({ brandColor: HOSTILE }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('brandColor');
  });

  it('gives mail the default colour when the stored design colour is not #rrggbb', async () => {
    const creator = await creatorWithSite(server);
    const db = server.handle.db;
    const published = { ...defaultDesign('#224466'), colors: { accent: HOSTILE } };
    await db.insert(siteDesigns).values({ siteId: creator.siteId, revision: 1, published, publishedVersion: 1, publishedAt: new Date() }).onConflictDoUpdate({ target: siteDesigns.siteId, set: { published } });
    const brand = await loadMailBrand(db, new URL(server.url), creator.siteId);
    expect(brand?.color).toBe(DEFAULT_BRAND_COLOR);
    await db.update(siteDesigns).set({ published: defaultDesign('#224466') }).where(eq(siteDesigns.siteId, creator.siteId));
    expect((await loadMailBrand(db, new URL(server.url), creator.siteId))?.color).toBe('#224466');
  });
});
