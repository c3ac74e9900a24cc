/**
 * The posts of Ghost's JSON export (Settings › Advanced › Export), in its
 * `{db:[{meta,data}]}` form or the `{meta,data}` form older versions wrote.
 * Posts and pages become posts, with their tags, cover, visibility and old
 * address `/{slug}/`. Ghost's JSON holds no members: they come in from its
 * members CSV (ghost-members.ts), beside it in a zip or alone (ghost.ts).
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { PostVisibility } from '../../../common/posts.ts';
import { AppError } from '../../errors.ts';
import { ghostBody, ghostFileUrls, ghostSiteAddress, GHOST_URL, resolveGhostUrl } from './ghost-body.ts';
import { absoluteHttpUrl } from './html-urls.ts';
import type { SourcePost } from './source-bundle.ts';
import { wantedSlug } from './wanted-slug.ts';

type Row = Record<string, unknown>;

const invalidFile = (words: string) => new AppError('invalid-import', 400, 'file', undefined, words);
const NOT_GHOST = 'This JSON file is not a Ghost export: it has no posts.';

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((row): row is Row => Boolean(row) && typeof row === 'object') : []);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The export's `data`: posts, tags and the tables that join them. */
function ghostData(content: string): Row {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw invalidFile('This JSON file cannot be read: it is damaged or cut short.');
  }
  const root = rowsOf([parsed])[0] ?? {};
  const data = rowsOf([rowsOf(root.db)[0]?.data ?? root.data])[0];
  if (!data || !Array.isArray(data.posts)) throw invalidFile(NOT_GHOST);
  return data;
}

/** Tiers and anything newer is paid: hiding a post more than Ghost did is safer than showing it to all. */
function visibilityOf(value: unknown): PostVisibility {
  if (value === undefined || value === null || value === 'public') return 'public';
  return value === 'members' ? 'members' : 'paid';
}

/** Ghost 5 writes ISO strings; Ghost 0.x wrote milliseconds. */
function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Each post's public tag names in Ghost's order; internal tags (`#…`) only steer Ghost's themes. */
function tagsByPost(data: Row): Map<string, string[]> {
  const tags = new Map(rowsOf(data.tags).filter((tag) => tag.visibility !== 'internal' && !textOf(tag.name).startsWith('#')).map((tag) => [textOf(tag.id), textOf(tag.name).trim()]));
  const links = rowsOf(data.posts_tags).toSorted((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const byPost = new Map<string, string[]>();
  for (const link of links) {
    const name = tags.get(textOf(link.tag_id));
    if (!name) continue;
    const names = byPost.get(textOf(link.post_id)) ?? [];
    if (!names.includes(name)) names.push(name);
    byPost.set(textOf(link.post_id), names);
  }
  return byPost;
}

interface GhostContext {
  siteAddress: string;
  /** The old site's path (`/blog` for a Ghost under a path), before each old address. */
  basePath: string;
  tags: Map<string, string[]>;
  /** Ghost 5 keeps a cover's alt text in `posts_meta`. */
  coverAlts: Map<string, string>;
  problems: ImportProblem[];
  /** A `__GHOST_URL__` was met with no site address to resolve it. */
  unresolved: boolean;
}

function postOf(row: Row, context: GhostContext): SourcePost {
  const key = textOf(row.id);
  const title = textOf(row.title).trim();
  const slug = textOf(row.slug);
  const where = `Post “${title || slug || key}”`;
  const body = ghostBody(row);
  if (!body.from) context.problems.push({ where, message: 'It has no body in the export (no HTML, Lexical or mobiledoc).' });
  if (body.skipped.length > 0) context.problems.push({ where, message: `These parts could not be read and were left out: ${body.skipped.join(', ')}.` });
  const featureImage = textOf(row.feature_image);
  if ((body.html + featureImage).includes(GHOST_URL) && !context.siteAddress) context.unresolved = true;
  const html = resolveGhostUrl(body.html, context.siteAddress);
  const coverUrl = absoluteHttpUrl(resolveGhostUrl(featureImage, context.siteAddress));
  const alt = textOf(row.feature_image_alt) || context.coverAlts.get(key) || '';
  const published = row.status === 'published';
  return {
    key,
    slug: wantedSlug(slug, title, key),
    title,
    excerpt: textOf(row.custom_excerpt).trim(),
    html,
    status: published ? 'published' : 'draft',
    publishedAt: published ? dateOf(row.published_at) : null,
    visibility: visibilityOf(row.visibility),
    tags: context.tags.get(key) ?? [],
    ...(featureImage && coverUrl ? { cover: { url: coverUrl.href, ...(alt ? { alt } : {}) } } : {}),
    fileUrls: ghostFileUrls(html),
    oldPaths: slug ? [`${context.basePath}/${slug}/`] : [],
    where,
  };
}

/** The posts of the export `content` (its text); `sourceUrl` resolves `__GHOST_URL__`. What cannot be read joins `problems`. */
export function readGhostPosts(content: string, sourceUrl: string | undefined, problems: ImportProblem[]): SourcePost[] {
  const data = ghostData(content);
  const siteAddress = ghostSiteAddress(sourceUrl);
  const context: GhostContext = {
    siteAddress,
    basePath: siteAddress ? new URL(siteAddress).pathname.replace(/\/+$/, '') : '',
    tags: tagsByPost(data),
    coverAlts: new Map(rowsOf(data.posts_meta).map((meta) => [textOf(meta.post_id), textOf(meta.feature_image_alt)])),
    problems,
    unresolved: false,
  };
  const posts = rowsOf(data.posts).map((row) => postOf(row, context));
  if (context.unresolved) {
    problems.push({
      where: 'Ghost export',
      message: 'Its links and images name the old site’s address, which was not given: they stay relative to this site and its images are not copied. Import again with the old site’s address to copy them.',
    });
  }
  return posts;
}
