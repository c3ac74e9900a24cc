/**
 * The reader of our own export on a small zip made by the export's own zip
 * writer: the bundle it makes; a changed byte refused naming the file (in a
 * JSON file read whole, and in a media original as it streams); an unknown
 * format version refused; the settings and redirects.json's old addresses
 * read, and ones that break the rules left out with a problem.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '../../../common/design.ts';
import { createExportZip } from '../../exports/export-zip.ts';
import { readPlatformExport } from './platform.ts';

const MEDIA_ID = '11111111-1111-4111-8111-111111111111';
const POST_ID = '22222222-2222-4222-8222-222222222222';
const PICTURE = Buffer.from('not really a picture, but bytes all the same '.repeat(20));
const POST_JSON = JSON.stringify({
  id: POST_ID,
  slug: 'hello',
  title: 'Hello',
  excerpt: 'First',
  status: 'published',
  visibility: 'tiers',
  tierNames: ['Gold'],
  publishedAt: '2025-01-02T03:04:05.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  coverMediaId: MEDIA_ID,
  body: { type: 'doc', content: [{ type: 'media', attrs: { id: MEDIA_ID, kind: 'image', caption: '', alt: '' } }] },
});

let dir: string;
let good: string;

const HOSTILE = '"><a href="https://evil.example/login">Sign in again</a><span x="';

/** What a test changes of the good export (recomputing the manifest's hashes, as anyone editing the file can). */
interface Forged {
  formatVersion?: number;
  brandColor?: string;
  design?: unknown;
  post?: Record<string, unknown>;
  /** Format 2's additions to site.json. */
  earn?: { offers?: unknown[]; products?: unknown[]; tips?: unknown };
  settings?: unknown;
  /** redirects.json's entries; no such file when absent, as in exports made before it. */
  redirects?: unknown[];
}

const SETTINGS = { commentsFrom: 'paid', messagesFrom: 'off', messageNotices: 'daily', pastDueAccess: false };

async function makeExport(file: string, forged: Forged = {}): Promise<void> {
  const zip = createExportZip(file);
  const site = {
    site: { handle: 'old-home', title: 'Old home', tagline: 't', about: 'a', brandColor: forged.brandColor ?? '#112233', avatarMediaId: MEDIA_ID, bannerMediaId: null, publishedAt: null, createdAt: '2025-01-01T00:00:00.000Z' },
    settings: forged.settings ?? SETTINGS,
    design: { draft: forged.design ?? null, published: forged.design ?? null, versions: [] },
    tiers: [{ name: 'Gold', description: '', benefits: [], type: 'paid', monthlyPrice: 500, yearlyPrice: null, currency: 'usd', active: true, position: 1, stripeProductId: 'prod_1', stripeMonthlyPriceId: 'price_1', stripeYearlyPriceId: null }],
    ...forged.earn,
  };
  await zip.add('site.json', JSON.stringify(site));
  // Stored, not compressed, so the test can find and change their bytes in the file.
  await zip.add('posts/hello.json', forged.post ? JSON.stringify({ ...(JSON.parse(POST_JSON) as object), ...forged.post }) : POST_JSON, { compress: false });
  await zip.add('posts/hello.html', '<p>Hello</p>');
  await zip.add(`media/${MEDIA_ID}/dawn.jpg`, Readable.from([PICTURE]), { compress: false });
  await zip.add('media.json', JSON.stringify([{ id: MEDIA_ID, kind: 'image', type: 'image/jpeg', originalName: 'dawn.jpg', alt: 'Dawn', bytes: PICTURE.length, path: `media/${MEDIA_ID}/dawn.jpg` }]));
  const header = 'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,status,cadence,stripe_subscription_id,comp_expires_at,joined_at';
  await zip.add('members.csv', `${header}\nm1,Ada@Example.com,'=SUM(A1),,true,false,cus_1,2025-01-01T00:00:00.000Z,,"vip,early",Gold,active,month,sub_1,,2025-01-01T00:00:00.000Z\n`);
  await zip.add('comments.json', JSON.stringify([{ id: 'c1', post: 'hello', parent: null, author: null, body: 'Nice', createdAt: '2025-01-03T00:00:00.000Z', hidden: false, pinned: true }]));
  await zip.add('messages.json', '[]');
  if (forged.redirects) await zip.add('redirects.json', JSON.stringify(forged.redirects));
  await zip.finish({ formatVersion: forged.formatVersion ?? 1, exportedAt: '2025-02-01T00:00:00.000Z', site: { handle: 'old-home', title: 'Old home' }, counts: { posts: 1, media: 1, members: 1, comments: 1, conversations: 0, messages: 0 } });
}

/** A copy of the good export with one byte of `part` changed in place. */
async function tampered(name: string, part: Buffer): Promise<string> {
  const bytes = await readFile(good);
  const at = bytes.indexOf(part);
  expect(at).toBeGreaterThan(0);
  bytes[at + 10] = bytes[at + 10]! ^ 1;
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'platform-reader-'));
  good = path.join(dir, 'good.zip');
  await makeExport(good);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readPlatformExport', () => {
  it('makes the bundle: the post with its document, tiers and cover entry, the member with our columns, the extras', async () => {
    const bundle = await readPlatformExport({ filePath: good, fileName: 'good.zip' });
    try {
      expect(bundle.source).toBe('platform');
      expect(bundle.posts).toEqual([
        expect.objectContaining({ key: POST_ID, slug: 'hello', visibility: 'tiers', tierNames: ['Gold'], status: 'published', cover: { entry: `media/${MEDIA_ID}/dawn.jpg`, alt: 'Dawn' }, oldPaths: [] }),
      ]);
      expect(bundle.posts[0]!.document).toEqual((JSON.parse(POST_JSON) as { body: unknown }).body);
      expect(bundle.members).toEqual([
        expect.objectContaining({ email: 'ada@example.com', name: '=SUM(A1)', paid: true, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', labels: ['vip', 'early'], platform: { tierName: 'Gold', status: 'active', compExpiresAt: null } }),
      ]);
      expect(bundle.platform!.tiers).toEqual([expect.objectContaining({ name: 'Gold', stripeMonthlyPriceId: 'price_1' })]);
      expect(bundle.platform!.site).toMatchObject({ title: 'Old home', avatarMediaKey: MEDIA_ID });
      expect(bundle.platform!.settings).toEqual(SETTINGS);
      expect(bundle.platform!.comments).toEqual([expect.objectContaining({ key: 'c1', postKey: POST_ID, authorEmail: null, pinned: true })]);
      const chunks: Buffer[] = [];
      for await (const chunk of (await bundle.openEntry(`media/${MEDIA_ID}/dawn.jpg`))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(PICTURE)).toBe(true);
      expect(await bundle.openEntry('posts/hello.json')).toBeUndefined();
    } finally {
      await bundle.close();
    }
  });

  it('refuses a changed byte in a post, naming the file', async () => {
    const file = await tampered('post-changed.zip', Buffer.from(POST_JSON));
    await expect(readPlatformExport({ filePath: file, fileName: 'x.zip' })).rejects.toMatchObject({ code: 'invalid-import', message: expect.stringContaining('posts/hello.json') });
  });

  it('fails the stream of a media original whose bytes changed, naming the file', async () => {
    const file = await tampered('media-changed.zip', PICTURE);
    const bundle = await readPlatformExport({ filePath: file, fileName: 'x.zip' });
    try {
      const stream = (await bundle.openEntry(`media/${MEDIA_ID}/dawn.jpg`))!;
      await expect((async () => {
        for await (const chunk of stream) void chunk;
      })()).rejects.toMatchObject({ code: 'invalid-import', message: expect.stringContaining(`media/${MEDIA_ID}/dawn.jpg`) });
    } finally {
      await bundle.close();
    }
  });

  it('refuses a format version it does not know', async () => {
    const file = path.join(dir, 'future.zip');
    await makeExport(file, { formatVersion: 3 });
    await expect(readPlatformExport({ filePath: file, fileName: 'future.zip' })).rejects.toMatchObject({ code: 'invalid-import', message: expect.stringContaining('format 3') });
  });

  it('leaves out a design that breaks the design rules, with a problem, and keeps a good one', async () => {
    const file = path.join(dir, 'hostile-design.zip');
    await makeExport(file, { design: { ...defaultDesign('#224466'), colors: { accent: HOSTILE } } });
    const bundle = await readPlatformExport({ filePath: file, fileName: 'x.zip' });
    await bundle.close();
    expect(bundle.platform!.design).toEqual({ draft: null, published: null, versions: [] });
    expect(bundle.problems).toEqual(expect.arrayContaining([expect.objectContaining({ where: 'site.json, the published design' }), expect.objectContaining({ where: 'site.json, the design’s draft' })]));

    const kept = path.join(dir, 'good-design.zip');
    await makeExport(kept, { design: defaultDesign('#224466') });
    const good = await readPlatformExport({ filePath: kept, fileName: 'x.zip' });
    await good.close();
    expect(good.platform!.design.published?.colors.accent).toBe('#224466');
    expect(good.problems).toEqual([]);
  });

  it('refuses a site colour that is not #rrggbb, naming the field', async () => {
    const file = path.join(dir, 'hostile-colour.zip');
    await makeExport(file, { brandColor: HOSTILE });
    await expect(readPlatformExport({ filePath: file, fileName: 'x.zip' })).rejects.toMatchObject({ code: 'invalid-import', message: expect.stringContaining('brandColor') });
  });

  it('reads format 2: a format 1 tier has no trial, and an offer, product or tip jar that breaks its room\'s rules is left out with a problem', async () => {
    const offer = { name: 'Spring', code: 'spring', kind: 'percent', percentOff: 25, amountOff: null, currency: null, trialDays: null, duration: 'once', durationMonths: null, endsAt: null, redemptionLimit: 10, redemptions: 2, archived: false, tier: 'Gold', stripeCouponId: 'coupon_1' };
    const product = { title: 'Pack', slug: 'pack', description: '', price: 900, currency: 'usd', status: 'active', cover: null, files: [`media/${MEDIA_ID}/dawn.jpg`] };
    const tips = { enabled: true, presets: [300], minimum: 100, maximum: 1000 };
    const file = path.join(dir, 'format-2.zip');
    await makeExport(file, {
      formatVersion: 2,
      earn: {
        offers: [offer, { ...offer, code: 'no-value', percentOff: null }, { ...offer, code: 'over', redemptions: 11 }, { ...offer, code: '<b>bold</b>' }],
        products: [product, { ...product, slug: 'free', price: 0 }, { ...product, slug: 'empty', files: [] }],
        tips,
      },
    });
    const bundle = await readPlatformExport({ filePath: file, fileName: 'x.zip' });
    await bundle.close();
    expect(bundle.platform!.tiers[0]!.trialDays).toBeNull();
    expect(bundle.platform!.offers).toEqual([offer]);
    expect(bundle.platform!.products).toEqual([product]);
    expect(bundle.platform!.tips).toEqual(tips);
    expect(bundle.problems).toEqual([
      { where: 'site.json, offer 2', message: expect.stringContaining('percentOff') },
      { where: 'site.json, offer 3', message: expect.stringContaining('redemptions') },
      { where: 'site.json, offer 4', message: expect.stringContaining('code') },
      { where: 'site.json, product 2', message: expect.stringContaining('price') },
      { where: 'site.json, product 3', message: expect.stringContaining('files') },
    ]);

    const badTips = path.join(dir, 'bad-tips.zip');
    await makeExport(badTips, { formatVersion: 2, earn: { tips: { ...tips, minimum: 5000 } } });
    const withBadTips = await readPlatformExport({ filePath: badTips, fileName: 'x.zip' });
    await withBadTips.close();
    expect(withBadTips.platform!.tips).toBeUndefined();
    expect(withBadTips.problems).toEqual([{ where: 'site.json, the tip jar', message: expect.stringContaining('presets') }]);
  });

  it('gives a post the old addresses of redirects.json, and leaves out an address or settings that break the rules, with a problem', async () => {
    const file = path.join(dir, 'redirects.zip');
    await makeExport(file, {
      formatVersion: 2,
      settings: { ...SETTINGS, commentsFrom: 'everyone' },
      redirects: [
        { path: '/p/hello', post: 'hello' },
        { path: '/?p=12', post: 'hello' },
        { path: 'https://evil.example/', post: 'hello' },
        { path: '/gone/', post: 'not-exported' },
        { path: '/x', post: '../hello' },
      ],
    });
    const bundle = await readPlatformExport({ filePath: file, fileName: 'x.zip' });
    await bundle.close();
    expect(bundle.posts.map((post) => post.oldPaths)).toEqual([['/p/hello', '/?p=12']]);
    expect(bundle.platform!.settings).toBeUndefined();
    expect(bundle.problems).toEqual([
      { where: 'site.json, the settings', message: expect.stringContaining('commentsFrom') },
      { where: 'redirects.json, old address 3', message: expect.stringContaining('path') },
      { where: 'redirects.json, old address 5', message: expect.stringContaining('post') },
    ]);
  });

  it('leaves out a post whose visibility, date or slug breaks the posts rules, with a problem', async () => {
    for (const [name, post] of [['visibility', { visibility: 'everyone' }], ['publishedAt', { publishedAt: 'soon' }], ['slug', { slug: '../Hello' }]] as const) {
      const file = path.join(dir, `bad-post-${name}.zip`);
      await makeExport(file, { post });
      const bundle = await readPlatformExport({ filePath: file, fileName: 'x.zip' });
      await bundle.close();
      expect(bundle.posts).toEqual([]);
      expect(bundle.problems).toEqual([{ where: 'posts/hello.json', message: expect.stringContaining(name) }]);
    }
  });
});
