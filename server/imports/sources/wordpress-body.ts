/**
 * A WordPress post's body as the HTML WordPress would show: the classic
 * editor's `[caption]` shortcode as a figure and its auto-paragraphs (autop.ts;
 * block-editor content already has its tags, and WordPress does not run autop
 * on it either), relative addresses made absolute, and the images and files on
 * the old site's hosts to copy.
 */
import { autop } from './autop.ts';
import { absoluteHttpUrl, absoluteLinks, urlsInHtml } from './html-urls.ts';

/** `[caption id="…" width="300"]<a><img …></a> The words[/caption]`: the image, then its caption. */
const CAPTION_SHORTCODE = /\[caption\b[^\]]*\]([\s\S]*?)\[\/caption\]/gi;
const CAPTIONED_IMAGE = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i;
/** `[embed]https://…[/embed]`: the address, as a link. */
const EMBED_SHORTCODE = /\[embed\b[^\]]*\]\s*(https?:\/\/[^\s[<]+)\s*\[\/embed\]/gi;
/** The block editor writes its blocks between `<!-- wp:… -->` comments. */
const BLOCK_EDITOR = /<!--\s+wp:/;

function captionsAsFigures(html: string): string {
  return html.replace(CAPTION_SHORTCODE, (shortcode, inner: string) => {
    const parts = CAPTIONED_IMAGE.exec(inner);
    if (!parts) return inner;
    const caption = parts[2]!.trim();
    return `<figure>${parts[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
  });
}

/** `content:encoded` as HTML with absolute addresses, `base` being the blog's address. */
export function wordpressBodyHtml(content: string, base: string): string {
  const withShortcodes = captionsAsFigures(content).replace(EMBED_SHORTCODE, '<a href="$1">$1</a>');
  const paragraphed = BLOCK_EDITOR.test(withShortcodes) ? withShortcodes : autop(withShortcodes);
  return base ? absoluteLinks(paragraphed, base) : paragraphed;
}

/** WordPress.com keeps a site's uploads on these hosts, not on the site's own. */
const WORDPRESS_COM_FILE_HOST = /(^|\.)files\.wordpress\.com$|^i[0-3]\.wp\.com$/;

/** Whether an address is on the old site: its own hosts, or WordPress.com's file hosts. */
export function onSiteHosts(url: URL, hosts: ReadonlySet<string>): boolean {
  return hosts.has(url.hostname) || WORDPRESS_COM_FILE_HOST.test(url.hostname);
}

/**
 * Images and media on the old site's hosts, and links to its uploaded files
 * (`/wp-content/uploads/`): a link to another page of the site is not a file.
 */
export function wordpressFileUrls(html: string, hosts: ReadonlySet<string>): string[] {
  const files = new Set<string>();
  for (const { tag, url } of urlsInHtml(html)) {
    const parsed = absoluteHttpUrl(url);
    if (!parsed || !onSiteHosts(parsed, hosts)) continue;
    const isUpload = parsed.pathname.includes('/wp-content/uploads/') || WORDPRESS_COM_FILE_HOST.test(parsed.hostname);
    if (tag !== 'a' || isUpload) files.add(url);
  }
  return [...files];
}
