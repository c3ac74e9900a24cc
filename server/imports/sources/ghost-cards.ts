/**
 * Ghost's cards as HTML, shared by the Lexical and the mobiledoc renderers
 * (lexical-html.ts, mobiledoc-html.ts): Ghost gives a card the same payload in
 * both formats (an image's `src`, `alt` and `caption`, a code block's `code`...),
 * so one table renders both. What the editor cannot hold (an embed's iframe, a
 * bookmark's preview box, a video player) becomes a link to it, so nothing is
 * lost and the file it names can still be copied. The HTML made here is not
 * trusted: the posts room sanitises every imported body before it is kept.
 */
import { MEMBERS_ONLY_COMMENT } from '../../../common/posts.ts';
import { text } from '../../rendering/index.ts';

type Payload = Record<string, unknown>;

/** A payload's field as text, or '' when the file holds something else there. */
export function field(payload: Payload, name: string): string {
  const value = payload[name];
  return typeof value === 'string' ? value : '';
}

function objectOf(value: unknown): Payload {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {};
}

/** A caption is HTML in Ghost's payloads; it goes in as it is. */
function figure(src: string, alt: string, caption: string): string {
  if (!src) return '';
  const captionHtml = caption ? `<figcaption>${caption}</figcaption>` : '';
  return `<figure><img src="${text(src)}" alt="${text(alt)}">${captionHtml}</figure>`;
}

function linkParagraph(href: string, words: string): string {
  return href ? `<p><a href="${text(href)}">${text(words || href)}</a></p>` : '';
}

function codeBlock(code: string, language: string): string {
  const languageClass = /^[a-z0-9+#-]+$/i.test(language) ? ` class="language-${language.toLowerCase()}"` : '';
  return `<pre><code${languageClass}>${text(code)}</code></pre>`;
}

const CARDS: Record<string, (payload: Payload) => string> = {
  image: (card) => figure(field(card, 'src'), field(card, 'alt'), field(card, 'caption')),
  gallery: (card) => {
    const images = Array.isArray(card.images) ? card.images.map(objectOf) : [];
    return images.map((image) => figure(field(image, 'src'), field(image, 'alt'), field(image, 'caption'))).join('');
  },
  code: (card) => codeBlock(field(card, 'code'), field(card, 'language')),
  html: (card) => field(card, 'html'),
  hr: () => '<hr>',
  bookmark: (card) => linkParagraph(field(card, 'url'), field(objectOf(card.metadata), 'title')),
  embed: (card) => linkParagraph(field(card, 'url'), field(objectOf(card.metadata), 'title')),
  video: (card) => linkParagraph(field(card, 'src'), field(card, 'fileName') || 'Video'),
  audio: (card) => linkParagraph(field(card, 'src'), field(card, 'title') || 'Audio'),
  file: (card) => linkParagraph(field(card, 'src'), field(card, 'fileTitle') || field(card, 'fileName') || 'File'),
  button: (card) => linkParagraph(field(card, 'buttonUrl'), field(card, 'buttonText')),
  callout: (card) => `<blockquote><p>${text(field(card, 'calloutEmoji'))} ${field(card, 'calloutText')}</p></blockquote>`,
  toggle: (card) => `<h4>${field(card, 'heading')}</h4>${field(card, 'content')}`,
  header: (card) => `<h2>${field(card, 'header')}</h2><p>${field(card, 'subheader')}</p>`,
  // Ghost's "public preview" divider is our members-only marker: what follows is for members.
  paywall: () => MEMBERS_ONLY_COMMENT,
};

/** The card's HTML, or undefined for a card this reader does not know (the caller names it as a problem). */
export function ghostCardHtml(name: string, payload: unknown): string | undefined {
  const render = Object.hasOwn(CARDS, name) ? CARDS[name] : undefined;
  return render?.(objectOf(payload));
}
