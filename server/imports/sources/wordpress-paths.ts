/**
 * A WordPress post's dates and the addresses it had, so its old links answer
 * 301 to the moved post: `/?p={id}` (every WordPress post answers it),
 * `/?page_id={id}` for a page, the dated permalink `/{yyyy}/{mm}/{dd}/{slug}/`
 * (WordPress's most common setting, from the post's local date as WordPress
 * builds it), and the item's own `<link>` when it differs (any other setting).
 */
import { absoluteHttpUrl } from './html-urls.ts';

const WORDPRESS_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** WordPress's `YYYY-MM-DD HH:MM:SS` read as UTC; its zero date (`0000-00-00 …`, a draft's) is null. */
export function wordpressDate(value: string | undefined): Date | null {
  const parts = WORDPRESS_DATE.exec(value?.trim() ?? '');
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface OldPathInput {
  id: string;
  /** `wp:post_name` as WordPress keeps it (percent-encoded when not ASCII). */
  postName: string;
  isPage: boolean;
  /** `wp:post_date`: the site's local time, which the permalink uses. */
  localDate: string | undefined;
  /** Only a published post had public addresses beyond `?p=`. */
  published: boolean;
  link: string | undefined;
}

export interface SiteAddress {
  /** The blog's path under its host, without a trailing slash: '' or '/blog'. */
  basePath: string;
  hosts: ReadonlySet<string>;
}

export function oldPathsOf(post: OldPathInput, site: SiteAddress): string[] {
  const paths = [post.isPage ? `${site.basePath}/?page_id=${post.id}` : '', `${site.basePath}/?p=${post.id}`];
  const date = WORDPRESS_DATE.exec(post.localDate?.trim() ?? '');
  if (!post.isPage && post.published && post.postName && date && date[1] !== '0000') {
    paths.push(`${site.basePath}/${date[1]}/${date[2]}/${date[3]}/${post.postName}/`);
  }
  const link = post.link ? absoluteHttpUrl(post.link) : null;
  if (link && site.hosts.has(link.hostname) && (link.pathname !== '/' || link.search)) paths.push(`${link.pathname}${link.search}`);
  return [...new Set(paths.filter(Boolean))];
}
