/**
 * The `wordpress` source: a WordPress export (WXR, Tools › Export). Posts and
 * pages become posts; attachments are not posts but give a post its cover
 * (`_thumbnail_id`); categories and tags are read, and the dry run says they
 * are not kept (sites here have none); a password-protected post becomes
 * members-only (the nearest we have); old addresses answer 301.
 * A WXR has no members. The XML is read by wxr-items.ts over xml-safety.ts.
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import { absoluteHttpUrl } from './html-urls.ts';
import type { SourceBundle, SourcePost, SourceReader } from './source-bundle.ts';
import { wordpressBodyHtml, wordpressFileUrls } from './wordpress-body.ts';
import { oldPathsOf, wordpressDate, type SiteAddress } from './wordpress-paths.ts';
import { wantedSlug } from './wanted-slug.ts';
import { readWxr, WXR_MAX_FIELD_CHARS, type WxrChannel, type WxrItem } from './wxr-items.ts';

/** What WordPress keeps as items but are not content: menus, templates, styles, revisions. */
const WORDPRESS_INTERNALS = /^(nav_menu_item|revision|custom_css|customize_changeset|oembed_cache|user_request|wp_.+)$/;
/** Statuses of what is not a post the creator wants back. */
const LEFT_OUT_STATUSES = new Set(['trash', 'auto-draft', 'inherit']);

interface Attachment {
  url: string;
  alt: string;
}

/** WordPress keeps some titles and names with HTML's entities (`Food &amp; Drink`). */
function plain(value: string | undefined): string {
  return (value ?? '')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

function siteAddressOf(channel: WxrChannel): SiteAddress & { base: string } {
  const addresses = ['wp:base_blog_url', 'link', 'wp:base_site_url'].map((name) => absoluteHttpUrl(channel.fields.get(name) ?? '')).filter((url) => url !== null);
  const blog = addresses[0];
  return {
    base: blog ? `${blog.origin}${blog.pathname.replace(/\/+$/, '')}/` : '',
    basePath: blog ? blog.pathname.replace(/\/+$/, '') : '',
    hosts: new Set(addresses.map((url) => url.hostname)),
  };
}

function attachmentsOf(items: WxrItem[]): Map<string, Attachment> {
  const attachments = new Map<string, Attachment>();
  for (const item of items) {
    const url = item.fields.get('wp:attachment_url');
    if (item.fields.get('wp:post_type') === 'attachment' && url) {
      attachments.set(item.fields.get('wp:post_id') ?? '', { url, alt: plain(item.meta.get('_wp_attachment_image_alt')) });
    }
  }
  return attachments;
}

/** WordPress keeps a slug that is not ASCII percent-encoded (`%e6%97%a5`); ours are made from its letters. */
function decodedPostName(postName: string): string {
  try {
    return decodeURIComponent(postName);
  } catch {
    return postName;
  }
}

function postOf(item: WxrItem, site: SiteAddress & { base: string }, attachments: Map<string, Attachment>, problems: ImportProblem[]): SourcePost {
  const field = (name: string) => item.fields.get(name) ?? '';
  const id = field('wp:post_id');
  const title = plain(field('title'));
  const where = `item ${item.index} (${title || 'untitled'})`;
  const isPage = field('wp:post_type') === 'page';
  const published = field('wp:status') === 'publish';
  const html = wordpressBodyHtml(field('content:encoded'), site.base);
  if (!html.trim()) problems.push({ where, message: 'Its content is empty in the export.' });
  const tags = item.categories.filter((category) => category.domain === 'post_tag' || (category.domain === 'category' && category.nicename !== 'uncategorized'));
  const thumbnailId = item.meta.get('_thumbnail_id');
  const cover = thumbnailId ? attachments.get(thumbnailId) : undefined;
  if (thumbnailId && !cover) problems.push({ where, message: `Its featured image (attachment ${thumbnailId}) is not in the file.` });
  return {
    key: id,
    slug: wantedSlug(decodedPostName(field('wp:post_name')), title, id),
    title,
    excerpt: plain(field('excerpt:encoded')),
    html,
    status: published ? 'published' : 'draft',
    publishedAt: published ? (wordpressDate(field('wp:post_date_gmt')) ?? wordpressDate(field('wp:post_date'))) : null,
    visibility: field('wp:post_password') ? 'members' : 'public',
    tags: [...new Set(tags.map((category) => plain(category.name)).filter(Boolean))],
    ...(cover ? { cover: { url: cover.url, ...(cover.alt ? { alt: cover.alt } : {}) } } : {}),
    fileUrls: wordpressFileUrls(html, site.hosts),
    oldPaths: oldPathsOf({ id, postName: field('wp:post_name'), isPage, localDate: field('wp:post_date'), published, link: field('link') }, site),
    where,
  };
}

export const readWordpressWxr: SourceReader = async (input) => {
  const channel = await readWxr(input.filePath);
  const site = siteAddressOf(channel);
  const attachments = attachmentsOf(channel.items);
  const posts: SourcePost[] = [];
  const problems: ImportProblem[] = [];
  const otherTypes = new Map<string, number>();
  for (const item of channel.items) {
    const type = item.fields.get('wp:post_type') ?? '';
    if (type === 'attachment' || WORDPRESS_INTERNALS.test(type) || LEFT_OUT_STATUSES.has(item.fields.get('wp:status') ?? '')) continue;
    if (type !== 'post' && type !== 'page') {
      otherTypes.set(type, (otherTypes.get(type) ?? 0) + 1);
    } else if (item.oversized) {
      problems.push({ where: `item ${item.index} (${plain(item.fields.get('title')) || 'untitled'})`, message: `A field is longer than ${WXR_MAX_FIELD_CHARS / 1e6} million characters: the post is left out.` });
    } else if (!item.fields.get('wp:post_id')) {
      problems.push({ where: `item ${item.index}`, message: 'It has no wp:post_id: it is left out.' });
    } else {
      posts.push(postOf(item, site, attachments, problems));
    }
  }
  for (const [type, count] of otherTypes) {
    problems.push({ where: 'WordPress export', message: `${count} item${count === 1 ? '' : 's'} of the type “${type || 'none'}” ${count === 1 ? 'is' : 'are'} not a post or a page and ${count === 1 ? 'was' : 'were'} left out.` });
  }
  const bundle: SourceBundle = { source: 'wordpress', posts, members: [], problems, openEntry: () => Promise.resolve(undefined), close: () => Promise.resolve() };
  return bundle;
};
