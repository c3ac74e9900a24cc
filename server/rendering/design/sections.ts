/**
 * The twelve sections of a design as HTML, one small function each. Every
 * creator value passes through `text` (markup stays text) and every link was
 * checked by the schema (http(s), mailto or a path here) and is escaped
 * again as an attribute. A section whose content is gone (media deleted
 * since, no posts, an empty list) renders nothing, so the page always does.
 */
import type { Section, SectionSettings } from '../../../common/design.ts';
import { sitePath, type Site } from '../../sites/index.ts';
import { formatDate, postItem, type SiteImage } from '../home-page.ts';
import { text } from '../html.ts';
import { emailJoinFields, priceHtml } from '../join-page.ts';
import { imageHtml, mediaHtml } from '../media-html.ts';
import type { SiteReader } from '../site-bar.ts';
import type { MediaRow, PostSummary, TierRow } from '../site-rows.ts';

export interface SectionContext {
  site: Site;
  reader: SiteReader;
  posts: PostSummary[];
  hasOlder: boolean;
  featured: PostSummary[];
  tiers: TierRow[];
  media: ReadonlyMap<string, MediaRow>;
  prefixOf: (mediaId: string) => string;
  banner?: SiteImage | undefined;
  avatar?: SiteImage | undefined;
  /** Whether the first visible section is this one: its picture is the page's largest paint. */
  first: boolean;
}

type Renderer<T extends Section['type']> = (settings: SectionSettings[T], context: SectionContext, id: string) => string;

const paragraphs = (value: string) =>
  value
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${text(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The section's frame: labelled by its heading when it has one. */
function frame(id: string, type: string, heading: string, body: string, extraClass = ''): string {
  if (!body) return '';
  const headingId = `s-${id}-h`;
  const title = heading ? `<h2 id="${headingId}" class="d-section__title">${text(heading)}</h2>` : '';
  const label = heading ? ` aria-labelledby="${headingId}"` : '';
  return `<section id="s-${id}" class="d-section d-${type}${extraClass}"${label}>${title}${body}</section>`;
}

function picture(context: SectionContext, id: string | null, options: { sizes: string; alt?: string; eager?: boolean; className?: string }): string {
  const item = id ? context.media.get(id) : undefined;
  if (!item || item.kind !== 'image') return '';
  return imageHtml(item, context.prefixOf(item.id), options);
}

function postCard(context: SectionContext, post: PostSummary): string {
  const cover = post.coverMediaId ? picture(context, post.coverMediaId, { sizes: '(min-width: 60rem) 20rem, (min-width: 40rem) 45vw, 100vw', alt: '' }) : '';
  const date = post.publishedAt ? `<time datetime="${post.publishedAt.toISOString()}">${formatDate(post.publishedAt)}</time>` : '';
  const excerpt = post.excerpt ? `<p class="d-card__excerpt">${text(post.excerpt)}</p>` : '';
  return `<li class="d-card">${cover ? `<div class="d-card__cover">${cover}</div>` : ''}<div class="d-card__body"><h3 class="d-card__title"><a href="${sitePath(context.site, `/posts/${encodeURIComponent(post.slug)}`)}">${text(post.title)}</a></h3><p class="d-card__meta">${date}</p>${excerpt}</div></li>`;
}

function postsHtml(context: SectionContext, posts: PostSummary[], layout: 'list' | 'grid' | 'cards'): string {
  if (posts.length === 0) return '';
  if (layout === 'list') return `<ol class="post-list">${posts.map((post) => postItem(context.site, post)).join('')}</ol>`;
  return `<ol class="d-cards d-cards--${layout}">${posts.map((post) => postCard(context, post)).join('')}</ol>`;
}

const joins = (reader: SiteReader) => reader !== 'member' && reader !== 'owner';

/**
 * The join section's way in to the free tier, posted to the join page's own
 * handlers (the same mailed link, rate limit and same-origin guard;
 * docs/decisions/108 and 145): a signed-out visitor gives an e-mail address
 * only, a signed-in reader joins with one click. Ids carry the section's id,
 * as a design may hold two join sections.
 */
function joinForm(context: SectionContext, free: TierRow, id: string, label: string): string {
  const { site } = context;
  if (context.reader !== 'signed-out') {
    return `<form class="d-join__form" method="post" action="${sitePath(site, '/join')}"><input type="hidden" name="tierId" value="${text(free.id)}"><button class="button" type="submit">${text(label)}</button></form>`;
  }
  return `<form class="d-join__form join__signup" method="post" action="${sitePath(site, '/join/signup')}" novalidate>
<input type="hidden" name="choice" value="${text(free.id)}:month">
${emailJoinFields(site, `s-${id}-email`, '', undefined, label)}
</form>`;
}

const RENDERERS: { [T in Section['type']]: Renderer<T> } = {
  hero(settings, context, id) {
    const { site } = context;
    const own = picture(context, settings.imageId, { sizes: '100vw', alt: '', eager: context.first, className: 'd-hero__image' });
    const banner = !settings.imageId && context.banner ? imageHtml(context.banner.item, context.banner.prefix, { sizes: '100vw', alt: '', eager: context.first }) : '';
    const image = own || banner;
    const avatar = context.avatar ? imageHtml(context.avatar.item, context.avatar.prefix, { sizes: '7rem', alt: `${site.title} avatar`, className: 'hero__avatar', eager: context.first && !image }) : '';
    const tagline = settings.text || site.tagline;
    const join = settings.showJoin && joins(context.reader) ? `<a class="button" href="${sitePath(site, '/join')}">Join ${text(site.title)}</a>` : '';
    const body = `${image ? `<div class="hero__banner">${image}</div>` : ''}<div class="hero__body">${avatar}<h1 class="hero__title">${text(settings.heading || site.title)}</h1>${tagline ? `<p class="hero__tagline">${text(tagline)}</p>` : ''}${join}</div>`;
    return `<section id="s-${id}" class="hero d-hero d-hero--${settings.align}${image ? ' hero--with-banner' : ''}">${body}</section>`;
  },
  about: (settings, context, id) => frame(id, 'about', settings.heading, paragraphs(settings.text || context.site.about), ' about'),
  'latest-posts'(settings, context, id) {
    const posts = context.posts.slice(0, settings.count);
    const more = context.hasOlder || context.posts.length > settings.count ? `<nav class="pagination" aria-label="More posts"><a href="${sitePath(context.site, '?page=2')}" rel="next">Older posts</a></nav>` : '';
    const body = posts.length > 0 ? `${postsHtml(context, posts, settings.layout)}${more}` : '<p class="empty">No posts yet. Join to hear when the first one is out.</p>';
    return frame(id, 'latest-posts', settings.heading, body, ' posts');
  },
  'featured-posts'(settings, context, id) {
    const byId = new Map(context.featured.map((post) => [post.id, post]));
    const posts = settings.postIds.flatMap((postId) => byId.get(postId) ?? []);
    return frame(id, 'featured-posts', settings.heading, postsHtml(context, posts, 'cards'));
  },
  tiers(settings, context, id) {
    if (context.tiers.length === 0) return '';
    const cards = context.tiers
      .map((tier) => {
        const description = tier.description ? `<p>${text(tier.description)}</p>` : '';
        const benefits = tier.benefits.length > 0 ? `<ul class="tier__benefits">${tier.benefits.map((benefit) => `<li>${text(benefit)}</li>`).join('')}</ul>` : '';
        const action = joins(context.reader) ? `<a class="button" href="${sitePath(context.site, `/join?tier=${tier.id}#join-signup`)}">${tier.type === 'free' ? 'Join for free' : `Choose ${text(tier.name)}`}</a>` : '';
        return `<li class="tier"><h3 class="tier__name">${text(tier.name)}</h3>${priceHtml(tier)}${description}${benefits}${action}</li>`;
      })
      .join('');
    return frame(id, 'tiers', settings.heading, `${settings.text ? paragraphs(settings.text) : ''}<ul class="tiers">${cards}</ul>`);
  },
  join(settings, context, id) {
    if (!joins(context.reader)) return '';
    const free = context.tiers.find((tier) => tier.type === 'free');
    const label = settings.buttonLabel || 'Join';
    return frame(id, 'join', settings.heading, `${paragraphs(settings.text)}${free ? joinForm(context, free, id, label) : `<a class="button" href="${sitePath(context.site, '/join#join-signup')}">${text(label)}</a>`}`);
  },
  links(settings, _context, id) {
    if (settings.links.length === 0) return '';
    const items = settings.links.map((item) => `<li><a class="d-links__link" href="${text(item.url)}" rel="noopener">${text(item.label)}</a></li>`).join('');
    return frame(id, 'links', settings.heading, `<ul class="d-links__list">${items}</ul>`);
  },
  media(settings, context, id) {
    const item = settings.mediaId ? context.media.get(settings.mediaId) : undefined;
    if (!item) return '';
    const caption = settings.caption ? `<figcaption>${text(settings.caption)}</figcaption>` : '';
    return frame(id, 'media', settings.heading, `<figure class="media">${mediaHtml(item, context.prefixOf(item.id))}${caption}</figure>`);
  },
  gallery(settings, context, id) {
    const figures = settings.images
      .map((image) => {
        const img = picture(context, image.mediaId, { sizes: '(min-width: 40rem) 30vw, 50vw' });
        return img ? `<li><figure>${img}${image.caption ? `<figcaption>${text(image.caption)}</figcaption>` : ''}</figure></li>` : '';
      })
      .join('');
    return frame(id, 'gallery', settings.heading, figures ? `<ul class="d-gallery__grid">${figures}</ul>` : '');
  },
  testimonials(settings, _context, id) {
    const quotes = settings.items
      .filter((item) => item.quote.trim())
      .map((item) => `<li><figure><blockquote>${paragraphs(item.quote)}</blockquote>${item.name ? `<figcaption><strong>${text(item.name)}</strong>${item.role ? `, ${text(item.role)}` : ''}</figcaption>` : ''}</figure></li>`)
      .join('');
    return frame(id, 'testimonials', settings.heading, quotes ? `<ul class="d-testimonials__list">${quotes}</ul>` : '');
  },
  faq(settings, _context, id) {
    const items = settings.items
      .filter((item) => item.question.trim())
      .map((item) => `<details><summary>${text(item.question)}</summary>${paragraphs(item.answer)}</details>`)
      .join('');
    return frame(id, 'faq', settings.heading, items);
  },
  text: (settings, _context, id) => frame(id, 'text', settings.heading, paragraphs(settings.text)),
};

export function sectionHtml(section: Section, context: SectionContext): string {
  if (section.hidden) return '';
  const render = RENDERERS[section.type] as Renderer<typeof section.type>;
  return render(section.settings, context, section.id);
}
