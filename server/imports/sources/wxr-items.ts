/**
 * A WordPress WXR file as plain records: the channel's addresses and each
 * `<item>` with its fields, categories and post meta, as the file says them.
 * What they mean (posts, pages, attachments, old paths) is wordpress.ts's;
 * this file only walks the XML stream (xml-safety.ts) with its own bounds, so
 * a file with a million items or a 1 GB field cannot hold the server.
 */
import { invalidFile, readXmlSafely } from './xml-safety.ts';

export interface WxrCategory {
  domain: string;
  nicename: string;
  name: string;
}

export interface WxrItem {
  /** 1-based, in file order: "item 3". */
  index: number;
  /** The text of each element directly under `<item>` (`title`, `wp:post_id`, `content:encoded`...), the first of a name. */
  fields: Map<string, string>;
  categories: WxrCategory[];
  /** `wp:postmeta` pairs: `_thumbnail_id` → `12`. */
  meta: Map<string, string>;
  /** A field was longer than the limit; the item is left out with a problem. */
  oversized: boolean;
}

export interface WxrChannel {
  /** The channel's own fields: `link`, `wp:base_site_url`, `wp:base_blog_url`, `wp:wxr_version`. */
  fields: Map<string, string>;
  items: WxrItem[];
}

/** Larger than any WordPress export of posts we have seen; a bigger upload is refused before it is parsed. */
export const WXR_MAX_BYTES = 512 * 1000 * 1000;
/** A WXR nests six deep (item, comment, comment meta, key); a file ten times deeper is not one. */
const WXR_MAX_DEPTH = 32;
/** Posts, pages and attachments together; a site past this moves in parts. */
export const WXR_MAX_ITEMS = 200_000;
/** One field (a post's body); past it the item is left out and named. */
export const WXR_MAX_FIELD_CHARS = 32 * 1000 * 1000;

const WHAT = 'This WordPress export';

/** Where the walker is: the item being read, the field whose text it gathers. */
interface Cursor {
  item: WxrItem | null;
  text: string[] | null;
  textLength: number;
  category: WxrCategory | null;
  metaKey: string;
  metaValue: string;
  /** Inside a `wp:comment` (comments are not imported): its depth, else 0. */
  skipDepth: number;
}

export async function readWxr(filePath: string): Promise<WxrChannel> {
  const channel: WxrChannel = { fields: new Map(), items: [] };
  const cursor: Cursor = { item: null, text: null, textLength: 0, category: null, metaKey: '', metaValue: '', skipDepth: 0 };
  const startText = () => {
    cursor.text = [];
    cursor.textLength = 0;
  };
  const takeText = () => {
    const value = cursor.text?.join('') ?? '';
    cursor.text = null;
    return value.trim();
  };

  await readXmlSafely(
    filePath,
    {
      open(name, attributes, depth) {
        if (depth === 1 && name !== 'rss') throw invalidFile(`${WHAT} should begin with <rss>; this XML file begins with <${name}>.`);
        if (cursor.skipDepth || depth < 3) return;
        if (depth === 3 && name === 'item') {
          if (channel.items.length >= WXR_MAX_ITEMS) throw invalidFile(`${WHAT} has more than ${WXR_MAX_ITEMS.toLocaleString('en')} items; export it in parts.`);
          cursor.item = { index: channel.items.length + 1, fields: new Map(), categories: [], meta: new Map(), oversized: false };
          channel.items.push(cursor.item);
          return;
        }
        if (name === 'wp:comment') cursor.skipDepth = depth;
        else if (depth === 3 || (depth === 4 && cursor.item) || (depth === 5 && cursor.item && (name === 'wp:meta_key' || name === 'wp:meta_value'))) startText();
        if (depth === 4 && name === 'category') cursor.category = { domain: attributes.domain ?? '', nicename: attributes.nicename ?? '', name: '' };
      },
      text(value) {
        if (!cursor.text) return;
        cursor.textLength += value.length;
        if (cursor.textLength > WXR_MAX_FIELD_CHARS) {
          if (cursor.item) cursor.item.oversized = true;
          cursor.text = [];
          return;
        }
        cursor.text.push(value);
      },
      close(name, depth) {
        if (cursor.skipDepth) {
          if (depth === cursor.skipDepth) cursor.skipDepth = 0;
          return;
        }
        const item = cursor.item;
        if (depth === 3) {
          if (name === 'item') cursor.item = null;
          else if (!channel.fields.has(name)) channel.fields.set(name, takeText());
        } else if (depth === 4 && item) {
          const value = takeText();
          if (cursor.category) item.categories.push({ ...cursor.category, name: value });
          else if (name === 'wp:postmeta' && cursor.metaKey) item.meta.set(cursor.metaKey, cursor.metaValue);
          else if (!item.fields.has(name)) item.fields.set(name, value);
          cursor.category = null;
          cursor.metaKey = '';
          cursor.metaValue = '';
        } else if (depth === 5 && item && name === 'wp:meta_key') cursor.metaKey = takeText();
        else if (depth === 5 && item && name === 'wp:meta_value') cursor.metaValue = takeText();
      },
    },
    { maxBytes: WXR_MAX_BYTES, maxDepth: WXR_MAX_DEPTH, what: WHAT },
  );
  if (!channel.fields.has('wp:wxr_version')) throw invalidFile('This XML file is not a WordPress export: it has no wp:wxr_version.');
  return channel;
}
