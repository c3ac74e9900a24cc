/**
 * A post as an e-mail that mail clients show alike (Gmail, Outlook, Apple
 * Mail): one 600 px table, every style inline, no <style>, no script, no
 * video or audio element. The post's stored HTML comes from our own
 * allow-list (server/posts/sanitize.ts), so its few tags get their inline
 * styles from one table here, through sanitize-html's transformTags, instead
 * of a CSS inliner or a templating library (docs/decisions/093-newsletter-html.md).
 * Rendered once per access variant and send; the one thing that differs per
 * recipient, the unsubscribe link, is a placeholder filled at delivery.
 */
import sanitizeHtml from 'sanitize-html';
import type { EmailVariant, RenderedMail } from '../../common/email.ts';
import { embedAltOf, text as escape, gateWords } from '../rendering/index.ts';
import type { MediaRow } from '../site-content/index.ts';

/** Stands for the recipient's own unsubscribe URL until delivery fills it in. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%unsubscribe_url%%';

const WIDTH = 600;
const FONT = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1f1d2b';
const MUTED = '#5c5a70';

export interface NewsletterInput {
  site: { title: string; brandColor: string; logoUrl: string | null; url: string; joinUrl: string };
  post: { title: string; excerpt: string; visibility: 'public' | 'members' | 'paid' | 'tiers'; url: string; previewHtml: string; gatedHtml: string };
  media: ReadonlyMap<string, MediaRow>;
  /** The absolute URL prefix of a file the variant may show (`https://…/media/{id}/{token}`), or undefined. */
  prefixOf(mediaId: string, variant: EmailVariant): string | undefined;
}

const TAG_STYLES: Record<string, string> = {
  p: `margin:0 0 16px;font-size:17px;line-height:1.6;color:${INK}`,
  h2: `margin:28px 0 12px;font-size:24px;line-height:1.3;color:${INK}`,
  h3: `margin:24px 0 10px;font-size:20px;line-height:1.3;color:${INK}`,
  h4: `margin:20px 0 8px;font-size:18px;line-height:1.3;color:${INK}`,
  ul: 'margin:0 0 16px;padding-left:24px',
  ol: 'margin:0 0 16px;padding-left:24px',
  li: `margin:0 0 6px;font-size:17px;line-height:1.6;color:${INK}`,
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #d9d6e8;color:${MUTED}`,
  pre: 'margin:0 0 16px;padding:12px;background:#f4f3f8;border-radius:6px;font-size:14px;white-space:pre-wrap',
  code: "font-family:Menlo,Consolas,monospace;font-size:15px",
  hr: 'border:0;border-top:1px solid #e4e2ee;margin:24px 0',
  figure: 'margin:0 0 20px',
  figcaption: `margin:8px 0 0;font-size:14px;color:${MUTED}`,
};

function styled(tagName: string, attribs: sanitizeHtml.Attributes, extra = ''): sanitizeHtml.Tag {
  return { tagName, attribs: { ...attribs, style: `${TAG_STYLES[tagName] ?? ''}${extra}` } };
}

const EMBED = /<figure\b([^>]*\bdata-media-id="([0-9a-f-]{36})"[^>]*)>([\s\S]*?)<\/figure>/g;

/**
 * An embed as mail can show it: an image at its size, a video's poster linking to the post, audio and files as links.
 * A picture's alt is the post's own (`alt`), else the library's, else empty: a file's name says nothing to a reader.
 */
function mediaForMail(item: MediaRow, prefix: string, postUrl: string, brand: string, alt: string): string {
  const label = escape(item.alt || item.originalName);
  switch (item.kind) {
    case 'image': {
      const pictureAlt = escape(alt || item.alt || '');
      // Twice the column's width where there is one, for high-density screens.
      const variant = (item.derived.images ?? []).find((image) => image.width >= 2 * (WIDTH - 48)) ?? item.derived.images?.at(-1);
      const file = variant?.file ?? 'original';
      const width = Math.min(WIDTH - 48, variant?.width ?? item.derived.width ?? WIDTH - 48);
      const sourceWidth = variant?.width ?? item.derived.width;
      const sourceHeight = variant?.height ?? item.derived.height;
      const height = sourceWidth && sourceHeight ? Math.round((sourceHeight * width) / sourceWidth) : undefined;
      return `<img src="${escape(`${prefix}/${file}`)}" width="${width}"${height ? ` height="${height}"` : ''} alt="${pictureAlt}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0">`;
    }
    case 'video': {
      const poster = item.derived.poster;
      const picture = poster
        ? `<img src="${escape(`${prefix}/${poster}`)}" width="${WIDTH - 48}" alt="${label}" style="display:block;width:100%;max-width:${WIDTH - 48}px;height:auto;border:0">`
        : '';
      return `<a href="${escape(postUrl)}" style="color:${brand};text-decoration:none">${picture}<span style="display:block;margin-top:8px;font-size:15px;font-weight:600">&#9654; Watch the video</span></a>`;
    }
    case 'audio':
      return `<a href="${escape(postUrl)}" style="color:${brand};font-weight:600;font-size:16px">&#9654; Listen: ${label}</a>`;
    case 'file':
      return `<a href="${escape(`${prefix}/original`)}" style="color:${brand};font-weight:600;font-size:16px">Download ${escape(item.originalName)}</a>`;
  }
}

/** Stored post HTML (our allow-list) with inline styles, links in the site's colour and media as mail shows it. */
export function mailBodyHtml(stored: string, input: NewsletterInput, variant: EmailVariant): string {
  const withMedia = stored.replace(EMBED, (_whole, attributes: string, id: string, inner: string) => {
    const item = input.media.get(id);
    const prefix = item ? input.prefixOf(id, variant) : undefined;
    if (!item || !prefix) return '';
    return `<figure>${mediaForMail(item, prefix, input.post.url, input.site.brandColor, embedAltOf(attributes))}${inner}</figure>`;
  });
  return sanitizeHtml(withMedia, {
    allowedTags: [...Object.keys(TAG_STYLES), 'br', 'strong', 'em', 's', 'u', 'a', 'img', 'span'],
    allowedAttributes: { '*': ['style'], a: ['href', 'style'], img: ['src', 'width', 'height', 'alt', 'style'], ol: ['start', 'style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      ...Object.fromEntries(Object.keys(TAG_STYLES).map((tag) => [tag, (tagName: string, attribs: sanitizeHtml.Attributes) => styled(tagName, attribs)])),
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: attribs.style ?? `color:${input.site.brandColor}` } }),
    },
  });
}

/** The text part: the same words, links written out after their text. */
export function mailBodyText(html: string): string {
  const marked = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, inner: string) => `${inner} (${href})`)
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<li\b[^>]*>/g, '- ')
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre|figure|ul|ol)>/g, (_whole, tag: string) => (tag === 'li' ? '\n' : '\n\n'));
  const plain = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(plain)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_whole, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_whole, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function button(label: string, href: string, colour: string): string {
  // A bordered link in a table cell: Outlook ignores padding on <a>, not on <td>.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="${colour}" style="border-radius:999px;padding:12px 24px"><a href="${escape(href)}" style="color:#ffffff;font-weight:600;font-size:16px;text-decoration:none;font-family:${FONT}">${escape(label)}</a></td></tr></table>`;
}

function callToAction(input: NewsletterInput, variant: Exclude<EmailVariant, 'full'>): { html: string; text: string } {
  const words = gateWords({ title: input.site.title }, input.post.visibility, variant === 'upgrade' ? 'member' : 'lapsed');
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;background:#f6f5fb;border-radius:12px"><tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:19px;font-weight:700;color:${INK}">${escape(words.heading)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${MUTED}">${escape(words.body)}</p>
${button(words.action, input.site.joinUrl, input.site.brandColor)}
</td></tr></table>`;
  return { html, text: `${words.heading}\n${words.body}\n${words.action}: ${input.site.joinUrl}` };
}

export type MailSite = NewsletterInput['site'];

/**
 * The frame every member mail shares: the site's colour bar, logo and name, a heading, the body, a link, the footer with the unsubscribe link.
 * A word longer than a phone's column (a URL, a name) breaks rather than widening the table past the screen (tests/e2e/newsletter-widths.test.ts).
 */
function mailFrame(site: MailSite, parts: { title: string; titleUrl: string; preheader: string; bodyHtml: string; link: { label: string; url: string } }): string {
  const brand = site.brandColor;
  const logo = site.logoUrl
    ? `<img src="${escape(site.logoUrl)}" width="48" height="48" alt="" style="display:block;width:48px;height:48px;border-radius:24px;border:0;margin:0 auto 8px">`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escape(parts.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f3f8">
<div style="display:none;max-height:0;overflow:hidden">${escape(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f3f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:${WIDTH}px;background:#ffffff;border-radius:16px;font-family:${FONT}">
<tr><td bgcolor="${brand}" style="height:6px;line-height:6px;font-size:0;border-radius:16px 16px 0 0">&nbsp;</td></tr>
<tr><td align="center" style="padding:24px 24px 0">${logo}<a href="${escape(site.url)}" style="font-size:15px;font-weight:700;color:${brand};text-decoration:none">${escape(site.title)}</a></td></tr>
<tr><td style="padding:16px 24px 8px;overflow-wrap:anywhere;word-break:break-word"><h1 style="margin:0;font-size:30px;line-height:1.25;color:${INK}"><a href="${escape(parts.titleUrl)}" style="color:${INK};text-decoration:none">${escape(parts.title)}</a></h1></td></tr>
<tr><td style="padding:8px 24px 8px;overflow-wrap:anywhere;word-break:break-word">${parts.bodyHtml}</td></tr>
<tr><td style="padding:8px 24px 24px"><a href="${escape(parts.link.url)}" style="color:${brand};font-size:15px;font-weight:600">${escape(parts.link.label)}</a></td></tr>
</table>
<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${MUTED};font-family:${FONT}">You get this because you are a member of ${escape(site.title)}.<br><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${MUTED}">Unsubscribe</a></p>
</td></tr></table>
</body></html>`;
}

const footerText = (site: MailSite) => [`You get this because you are a member of ${site.title}.`, `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`];

/** One variant of the post's e-mail, with UNSUBSCRIBE_PLACEHOLDER where the recipient's link goes. */
export function renderNewsletter(input: NewsletterInput, variant: EmailVariant): RenderedMail {
  const { site, post } = input;
  const stored = variant === 'full' ? post.previewHtml + post.gatedHtml : post.previewHtml;
  const bodyHtml = mailBodyHtml(stored, input, variant);
  const gate = variant === 'full' ? undefined : callToAction(input, variant);
  const html = mailFrame(site, { title: post.title, titleUrl: post.url, preheader: post.excerpt, bodyHtml: `${bodyHtml}${gate?.html ?? ''}`, link: { label: 'Read it on the site', url: post.url } });
  const text = [site.title, '', post.title, '', mailBodyText(bodyHtml), ...(gate ? ['', gate.text] : []), '', `Read it on the site: ${post.url}`, '', ...footerText(site)].join('\n');
  return { subject: post.title, html, text };
}

/** The creator's own words, paragraph by paragraph (a blank line apart), as text: nothing in them is markup. */
export function welcomeText(site: Pick<MailSite, 'title'>, text: string): string {
  return text.trim() || `Welcome to ${site.title}! Thank you for joining. New posts come to this address; you can stop them with the link below.`;
}

/** The welcome mail a new member gets once their address is confirmed. */
export function renderWelcome(site: MailSite, creatorText: string): RenderedMail {
  const words = welcomeText(site, creatorText);
  const paragraphs = words.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const bodyHtml = paragraphs.map((paragraph) => `<p style="${TAG_STYLES.p}">${escape(paragraph).replace(/\n/g, '<br>')}</p>`).join('');
  const title = `Welcome to ${site.title}`;
  const html = mailFrame(site, { title, titleUrl: site.url, preheader: paragraphs[0] ?? '', bodyHtml, link: { label: `Visit ${site.title}`, url: site.url } });
  const text = [site.title, '', title, '', paragraphs.join('\n\n'), '', `Visit ${site.title}: ${site.url}`, '', ...footerText(site)].join('\n');
  return { subject: title, html, text };
}
