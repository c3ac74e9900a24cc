/**
 * Reads this platform's own export (docs/export-format.md) back as a source:
 * the manifest first (a format version it knows), then every file checked
 * against the manifest's SHA-256 as it is read (a changed byte is
 * `invalid-import` naming the file), made into the plain bundle every source
 * makes, with what only our export carries in `platform`. The old addresses of
 * redirects.json become the posts' `oldPaths`, as other sources' do; an export
 * made before that file existed has none.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { SourceComment, SourceMedia, SourceMember, SourcePost, SourceReader, SourceTier } from './source-bundle.ts';
import {
  COMMENTS_FILE,
  EXPORT_FORMAT_VERSIONS_READ,
  MANIFEST_FILE,
  MEDIA_FILE,
  MEMBERS_FILE,
  REDIRECTS_FILE,
  SITE_FILE,
  type ExportedMedia,
  type ExportedSite,
  type ExportManifest,
} from '../../exports/index.ts';
import { AppError } from '../../errors.ts';
import { checkedComments, checkedDesigns, checkedOffers, checkedPost, checkedProducts, checkedRedirects, checkedSettings, checkedSite, checkedTiers, checkedTips, type CheckedPost } from './platform-checks.ts';
import { cellDate, cellTrue, readCsv } from './read-csv.ts';
import { openZip, type ZipArchive } from './zip-archive.ts';

const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;

const refused = (detail: string) => new AppError('invalid-import', 400, 'file', undefined, detail);

const changed = (name: string) => refused(`The file “${name}” of the export is not as it was made: its SHA-256 differs from the manifest's. The export was changed or damaged; make a new one.`);

function parseJson<Value>(text: string, name: string): Value {
  try {
    return JSON.parse(text) as Value;
  } catch {
    throw refused(`The file “${name}” of the export is not JSON.`);
  }
}

function readManifest(text: string): ExportManifest {
  const manifest = parseJson<Partial<ExportManifest>>(text, MANIFEST_FILE);
  if (typeof manifest.formatVersion !== 'number' || !EXPORT_FORMAT_VERSIONS_READ.includes(manifest.formatVersion)) {
    throw refused(`This export is in format ${JSON.stringify(manifest.formatVersion ?? null)}; this platform reads formats ${EXPORT_FORMAT_VERSIONS_READ.join(' and ')}. Export again from an up-to-date site.`);
  }
  if (!manifest.files || typeof manifest.files !== 'object') throw refused('The export\'s manifest lists no files.');
  return manifest as ExportManifest;
}

/** The export's files as the manifest vouches for them: each read is checked against its SHA-256. */
function checkedArchive(zip: ZipArchive, manifest: ExportManifest) {
  const listed = (name: string) => {
    const expected = manifest.files[name];
    if (!expected) throw refused(`The file “${name}” is not in the export's manifest.`);
    return expected;
  };
  for (const entry of zip.entries) if (entry.name !== MANIFEST_FILE) listed(entry.name);
  const names = new Set(zip.entries.map((entry) => entry.name));
  const absent = Object.keys(manifest.files).find((name) => !names.has(name));
  if (absent) throw refused(`The file “${absent}” named by the export's manifest is missing from it.`);

  return {
    async text(name: string): Promise<string> {
      const expected = listed(name);
      const text = await zip.readText(name);
      const bytes = Buffer.from(text);
      if (bytes.length !== expected.bytes || createHash('sha256').update(bytes).digest('hex') !== expected.sha256) throw changed(name);
      return text;
    },
    /** The entry's bytes; the stream fails at its end when they are not the manifest's. */
    async stream(name: string): Promise<Readable> {
      const expected = listed(name);
      const hash = createHash('sha256');
      let bytes = 0;
      const checking = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
        flush(done) {
          done(bytes === expected.bytes && hash.digest('hex') === expected.sha256 ? null : changed(name));
        },
      });
      const raw = await zip.open(name);
      raw.once('error', (error) => checking.destroy(error));
      return raw.pipe(checking);
    },
  };
}

/** members.csv's cells as written: the formula guard's apostrophe (server/members/members-export.ts) comes off again. */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const PAYING = new Set(['active', 'trialing', 'past_due']);

/** redirects.json's paths by post slug; none when the export has no such file (made before it existed). */
async function readOldPaths(archive: ReturnType<typeof checkedArchive>, names: ReadonlySet<string>, problems: ImportProblem[]): Promise<Map<string, string[]>> {
  const bySlug = new Map<string, string[]>();
  if (!names.has(REDIRECTS_FILE)) return bySlug;
  for (const { path, post } of checkedRedirects(parseJson<unknown>(await archive.text(REDIRECTS_FILE), REDIRECTS_FILE), problems)) {
    const paths = bySlug.get(post);
    if (paths) paths.push(path);
    else bySlug.set(post, [path]);
  }
  return bySlug;
}

function readMembers(text: string): { members: SourceMember[]; problems: { where: string; message: string }[] } {
  const sheet = readCsv(text, MEMBERS_FILE, ['email', 'tiers', 'status'], 'the members file of this platform\'s export');
  const members = sheet.rows.map((row): SourceMember => {
    const cell = (column: string) => unguarded(row.cell(column));
    const status = cell('status');
    const subscriptionId = cell('stripe_subscription_id');
    const customerId = cell('stripe_customer_id');
    const labels = cell('labels');
    return {
      email: cell('email').trim().toLowerCase(),
      name: cell('name'),
      where: `${MEMBERS_FILE} line ${row.line}`,
      createdAt: cellDate(cell('joined_at')) ?? cellDate(cell('created_at')),
      subscribedToEmails: cellTrue(cell('subscribed_to_emails')),
      paid: PAYING.has(status) && subscriptionId !== '',
      plan: cell('tiers'),
      ...(customerId ? { stripeCustomerId: customerId } : {}),
      ...(subscriptionId ? { stripeSubscriptionId: subscriptionId } : {}),
      note: cell('note'),
      labels: labels ? labels.split(',') : [],
      platform: { tierName: cell('tiers'), status, compExpiresAt: cellDate(cell('comp_expires_at')) },
    };
  });
  return { members, problems: sheet.problems };
}

/** A date the export wrote, or undefined for none or one that is no date (the post then takes the import's time). */
const exportedDate = (value: string | undefined): Date | undefined => {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

function sourcePost(post: CheckedPost, html: string, mediaById: Map<string, SourceMedia>, oldPaths: string[]): SourcePost {
  const createdAt = exportedDate(post.createdAt);
  const updatedAt = exportedDate(post.updatedAt);
  const cover = post.coverMediaId ? mediaById.get(post.coverMediaId) : undefined;
  return {
    key: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    html,
    document: post.body,
    // A scheduled post comes back as a draft: its time may have passed by the time it is imported.
    status: post.status === 'published' ? 'published' : 'draft',
    publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    visibility: post.visibility,
    tierNames: post.tierNames,
    tags: [],
    ...(cover ? { cover: { entry: cover.entry, alt: cover.alt } } : {}),
    fileUrls: [],
    oldPaths,
    where: `posts/${post.slug}.json`,
  };
}

export const readPlatformExport: SourceReader = async ({ filePath }) => {
  const zip = await openZip(filePath);
  try {
    if (!zip.entries.some((entry) => entry.name === MANIFEST_FILE)) throw refused('This zip has no manifest.json: it is not an export of this platform.');
    const archive = checkedArchive(zip, readManifest(await zip.readText(MANIFEST_FILE, MANIFEST_MAX_BYTES)));
    const exported = parseJson<ExportedSite>(await archive.text(SITE_FILE), SITE_FILE);
    const media = parseJson<ExportedMedia[]>(await archive.text(MEDIA_FILE), MEDIA_FILE).map(
      (item): SourceMedia => ({ key: item.id, entry: item.path, originalName: item.originalName, type: item.type, alt: item.alt }),
    );
    const mediaById = new Map(media.map((item) => [item.key, item]));
    const names = new Set(zip.entries.map((entry) => entry.name));
    const problems: ImportProblem[] = [];
    const site = checkedSite(exported);
    const settings = checkedSettings(exported, problems);
    const design = checkedDesigns(exported, problems);
    const tiers = checkedTiers(exported, problems);
    const offers = checkedOffers(exported, problems);
    const products = checkedProducts(exported, problems);
    const tips = checkedTips(exported, problems);
    const oldPathsBySlug = await readOldPaths(archive, names, problems);
    const posts: SourcePost[] = [];
    for (const name of names) {
      const match = /^posts\/([^/]+)\.json$/.exec(name);
      if (!match) continue;
      const post = checkedPost(parseJson<unknown>(await archive.text(name), name), name, problems);
      if (!post) continue;
      const htmlName = `posts/${match[1]}.html`;
      const html = names.has(htmlName) ? await archive.text(htmlName) : '';
      posts.push(sourcePost(post, html, mediaById, oldPathsBySlug.get(post.slug) ?? []));
    }
    const members = readMembers(await archive.text(MEMBERS_FILE));
    problems.push(...members.problems);
    const postKeyBySlug = new Map(posts.map((post) => [post.slug, post.key]));
    const comments = checkedComments(parseJson<unknown>(await archive.text(COMMENTS_FILE), COMMENTS_FILE), problems).flatMap((comment): SourceComment[] => {
      const postKey = postKeyBySlug.get(comment.post);
      if (!postKey) return [];
      return [{ key: comment.id, postKey, parentKey: comment.parent, authorEmail: comment.author, body: comment.body, createdAt: new Date(comment.createdAt), hidden: comment.hidden, pinned: comment.pinned }];
    });
    const mediaEntries = new Set(media.map((item) => item.entry));
    return {
      source: 'platform',
      posts,
      members: members.members,
      problems,
      platform: {
        site: { title: site.title, tagline: site.tagline, about: site.about, brandColor: site.brandColor, avatarMediaKey: site.avatarMediaId, bannerMediaKey: site.bannerMediaId },
        settings,
        design,
        tiers: tiers satisfies SourceTier[],
        media,
        comments,
        offers,
        products,
        tips,
      },
      async openEntry(entry) {
        return mediaEntries.has(entry) ? archive.stream(entry) : undefined;
      },
      close: () => zip.close(),
    };
  } catch (error) {
    await zip.close();
    throw error;
  }
};
