/**
 * The one RSS 2.0 writer, for a site's public feed and a member's private one
 * (server/member-account/member-feed-routes.ts): each item the reader may read
 * whole carries its body (content:encoded) and, for a post with audio, an
 * enclosure of its first audio file with the iTunes tags podcast apps read, so
 * either feed is a podcast. A gated item carries its title, link and summary,
 * nothing of the body. A private feed says `itunes:block` to stay out of
 * directories; the public one is listed like any podcast.
 */
import { siteUrl, type Site } from '../sites/index.ts';
import { plainText, text } from './html.ts';
import { embeddedMediaIds, type PrefixOf } from './media-html.ts';
import type { MediaRow } from './site-rows.ts';

export interface FeedEnclosure {
  url: string;
  bytes: number;
  type: string;
  durationSeconds?: number;
}

export interface FeedItem {
  title: string;
  url: string;
  /** A private feed names a post by its id; the public one by its URL, as its readers have always known it. */
  guid: { value: string; permaLink: boolean };
  publishedAt: Date | null;
  summary: string;
  /** The whole readable body, media expanded to absolute URLs; absent for a gated item. */
  html?: string;
  enclosure?: FeedEnclosure;
}

export interface FeedInput {
  site: Site;
  appUrl: URL;
  selfUrl: string;
  imageUrl?: string;
  /** The owner chose an adult niche: podcast apps must mark the show. */
  explicit: boolean;
  /** A member's own feed: kept out of podcast directories. */
  private: boolean;
  items: readonly FeedItem[];
}

/** Seconds as iTunes wants them: H:MM:SS, or M:SS under an hour. */
export function itunesDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The enclosure of a readable body: its first audio file, whole, at the URL `prefixOf` gives it. */
export function audioEnclosure(html: string, media: ReadonlyMap<string, MediaRow>, prefixOf: PrefixOf): FeedEnclosure | undefined {
  const audio = embeddedMediaIds(html)
    .map((id) => media.get(id))
    .find((item) => item?.kind === 'audio');
  const prefix = audio ? prefixOf(audio.id) : undefined;
  if (!audio || !prefix) return undefined;
  const duration = audio.derived.durationSeconds;
  return { url: `${prefix}/original`, bytes: audio.bytes, type: audio.type, ...(duration !== undefined ? { durationSeconds: duration } : {}) };
}

function itemXml(item: FeedItem): string {
  const enclosure = item.enclosure
    ? `<enclosure url="${text(item.enclosure.url)}" length="${item.enclosure.bytes}" type="${text(item.enclosure.type)}"/>${item.enclosure.durationSeconds !== undefined ? `<itunes:duration>${itunesDuration(item.enclosure.durationSeconds)}</itunes:duration>` : ''}<itunes:episodeType>full</itunes:episodeType>`
    : '';
  return [
    `<item><title>${text(item.title)}</title><link>${text(item.url)}</link><guid isPermaLink="${item.guid.permaLink}">${text(item.guid.value)}</guid>`,
    item.publishedAt ? `<pubDate>${item.publishedAt.toUTCString()}</pubDate>` : '',
    `<description>${text(item.summary)}</description><itunes:summary>${text(item.summary)}</itunes:summary>`,
    item.html === undefined ? '' : `<content:encoded>${text(item.html)}</content:encoded>`,
    `${enclosure}</item>`,
  ].join('');
}

export function rssXml({ site, appUrl, selfUrl, imageUrl, explicit, private: isPrivate, items }: FeedInput): string {
  const home = siteUrl(site, appUrl);
  const summary = site.tagline || plainText(site.about, 400) || site.title;
  const newest = items.find((item) => item.publishedAt)?.publishedAt;
  const channel = [
    `<title>${text(site.title)}</title><link>${text(home)}</link><description>${text(summary)}</description><language>en</language>`,
    `<atom:link href="${text(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '',
    `<itunes:author>${text(site.title)}</itunes:author><itunes:summary>${text(summary)}</itunes:summary><itunes:type>episodic</itunes:type><itunes:explicit>${explicit}</itunes:explicit>`,
    isPrivate ? '<itunes:block>Yes</itunes:block>' : '',
    imageUrl ? `<itunes:image href="${text(imageUrl)}"/><image><url>${text(imageUrl)}</url><title>${text(site.title)}</title><link>${text(home)}</link></image>` : '',
    items.map(itemXml).join(''),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>${channel}</channel></rss>`;
}
