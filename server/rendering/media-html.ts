/**
 * Media as HTML: responsive images from the WebP variants, HLS video with its
 * poster (the site's small script adds hls.js only where the browser lacks
 * native HLS), audio, and a download link for files; and the expansion of the
 * media embeds the posts sanitiser leaves in a post's HTML
 * (`<figure data-media-id data-media-kind>`). An embed whose media the reader
 * may not see, or that is not ready, is dropped whole.
 */
import type { ImageVariant } from '../../common/media.ts';
import { text } from './html.ts';
import type { MediaRow } from './site-rows.ts';

/** `/media/{id}/{token}` of one item, or undefined when it may not be shown. */
export type PrefixOf = (mediaId: string) => string | undefined;

/** The post's text column (client/site/site.css `.post`): at most 34em of 18 px, else the screen less its padding. */
const COLUMN_PX = 612;
const CONTENT_IMAGE_SIZES = `(min-width: ${COLUMN_PX + 32}px) ${COLUMN_PX}px, calc(100vw - 2rem)`;

/**
 * `sizes` of an image in the post's column: an image narrower than the column is
 * drawn at its own width (CSS max-width only), so the browser is told so and
 * never fetches a wider file than it shows.
 */
export function columnImageSizes(item: MediaRow): string {
  const { width } = item.derived;
  return width && width < COLUMN_PX ? `(min-width: ${width + 32}px) ${width}px, calc(100vw - 2rem)` : CONTENT_IMAGE_SIZES;
}

export function srcsetOf(prefix: string, images: readonly ImageVariant[]): string {
  return images.map((image) => `${prefix}/${image.file} ${image.width}w`).join(', ');
}

/** The originals a browser shows as they are (server/media/processing/sniff.ts takes no other image). */
const WEB_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/**
 * The files a `srcset` may offer: the WebP variants no wider than the original,
 * and the original itself at its own width when every variant is narrower (an
 * 800 px picture has variants of 320 and 640 only), so a browser that needs more
 * pixels gets the real ones instead of stretching a smaller file.
 */
export function srcsetImages(item: MediaRow): ImageVariant[] {
  const { width, height } = item.derived;
  const variants = (item.derived.images ?? []).filter((image) => !width || image.width <= width).sort((a, b) => a.width - b.width);
  const widest = variants.at(-1)?.width ?? 0;
  if (variants.length > 0 && width && height && widest < width && WEB_IMAGE_TYPES.has(item.type)) variants.push({ width, height, file: 'original' });
  return variants;
}

/** The variant closest above `width` (or the widest), for a `src` fallback and for cards. */
export function imageFileFor(item: MediaRow, width: number): { file: string; width?: number; height?: number } {
  const images = item.derived.images ?? [];
  const chosen = images.find((image) => image.width >= width) ?? images.at(-1);
  return chosen ? chosen : { file: 'original', ...sizeOf(item) };
}

function sizeOf(item: MediaRow): { width?: number; height?: number } {
  const { width, height } = item.derived;
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

function dimensions(item: MediaRow): string {
  const { width, height } = sizeOf(item);
  return width && height ? ` width="${width}" height="${height}"` : '';
}

export interface ImageOptions {
  sizes: string;
  alt?: string;
  className?: string;
  /** The page's largest paint (banner, cover): fetched first, never lazily. */
  eager?: boolean;
}

export function imageHtml(item: MediaRow, prefix: string, { sizes, alt = item.alt, className, eager = false }: ImageOptions): string {
  const images = srcsetImages(item);
  const fallback = imageFileFor(item, 960);
  const srcset = images.length > 0 ? ` srcset="${text(srcsetOf(prefix, images))}" sizes="${text(sizes)}"` : '';
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const classes = className ? ` class="${text(className)}"` : '';
  return `<img${classes} src="${text(`${prefix}/${fallback.file}`)}"${srcset}${dimensions(item)} alt="${text(alt)}"${loading} decoding="async">`;
}

function videoHtml(item: MediaRow, prefix: string): string {
  const { hls, mp4, poster } = item.derived;
  const posterAttribute = poster ? ` poster="${text(`${prefix}/${poster}`)}"` : '';
  const sources = [
    hls ? `<source src="${text(`${prefix}/${hls.playlist}`)}" type="application/vnd.apple.mpegurl">` : '',
    mp4 ? `<source src="${text(`${prefix}/${mp4}`)}" type="video/mp4">` : '',
  ].join('');
  const hlsAttribute = hls ? ` data-hls="${text(`${prefix}/${hls.playlist}`)}"` : '';
  const label = item.alt || item.originalName;
  return `<video controls playsinline preload="none"${posterAttribute}${dimensions(item)}${hlsAttribute} aria-label="${text(label)}">${sources}</video>`;
}

/** `metadata`, not `none`: a listener expects to see how long an episode is before pressing play, and it costs one small range request. */
function audioHtml(item: MediaRow, prefix: string): string {
  const file = item.derived.audio ?? 'original';
  return `<audio controls preload="metadata" src="${text(`${prefix}/${file}`)}" aria-label="${text(item.alt || item.originalName)}"></audio>`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

function fileHtml(item: MediaRow, prefix: string): string {
  return `<a class="download" href="${text(`${prefix}/original`)}" download="${text(item.originalName)}">Download ${text(item.originalName)} <span class="download__size">(${formatBytes(item.bytes)})</span></a>`;
}

/** `alt` is the post's own words for a picture (its embed's `data-media-alt`); without them the library's alt, then none, never the file's name. */
export function mediaHtml(item: MediaRow, prefix: string, alt = ''): string {
  switch (item.kind) {
    case 'image':
      return imageHtml(item, prefix, { sizes: columnImageSizes(item), alt: alt || item.alt || '' });
    case 'video':
      return videoHtml(item, prefix);
    case 'audio':
      return audioHtml(item, prefix);
    case 'file':
      return fileHtml(item, prefix);
  }
}

const EMBED = /<figure\b([^>]*)>([\s\S]*?)<\/figure>/g;
const MEDIA_ID = /\bdata-media-id="([0-9a-f-]{36})"/;
const MEDIA_ALT = /\bdata-media-alt="([^"]*)"/;
const ATTRIBUTE_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The alt text a post gave an embed (`data-media-alt`, as the sanitiser encoded it), decoded; empty when it gave none. */
export function embedAltOf(attributes: string): string {
  const raw = MEDIA_ALT.exec(attributes)?.[1] ?? '';
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ATTRIBUTE_ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The media ids a stretch of stored post HTML embeds. */
export function embeddedMediaIds(html: string): string[] {
  const ids: string[] = [];
  for (const match of html.matchAll(EMBED)) {
    const id = MEDIA_ID.exec(match[1]!)?.[1];
    if (id) ids.push(id);
  }
  return ids;
}

/** Stored post HTML with each embed expanded, or dropped when its media may not be shown. */
export function expandMediaEmbeds(html: string, mediaById: ReadonlyMap<string, MediaRow>, prefixOf: PrefixOf): string {
  return html.replace(EMBED, (whole, attributes: string, inner: string) => {
    const id = MEDIA_ID.exec(attributes)?.[1];
    if (!id) return whole;
    const item = mediaById.get(id);
    const prefix = item ? prefixOf(id) : undefined;
    if (!item || !prefix) return '';
    return `<figure class="media media--${item.kind}">${mediaHtml(item, prefix, embedAltOf(attributes))}${inner}</figure>`;
  });
}
