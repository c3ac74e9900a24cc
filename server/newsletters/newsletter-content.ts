/**
 * What a post's e-mail is made of, read from the database: the site (name,
 * its one brand's logo and colour, addresses), the post and the media it embeds, with absolute
 * signed media URLs that outlive the mail's stay in an inbox. Media the
 * access rule keeps from a variant gets no URL in it.
 */
import { eq } from 'drizzle-orm';
import { EMAIL_VARIANTS, type EmailVariant, type RenderedVariants } from '../../common/email.ts';
import type { Database } from '../../db/connect.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { effectiveVisibility } from '../access/index.ts';
import type { MediaUrlSigner } from '../media-urls/index.ts';
import { embeddedMediaIds } from '../rendering/index.ts';
import { siteMediaByIds } from '../site-content/index.ts';
import { activeDomainOfSite, loadMailBrand, siteAddress } from '../sites/index.ts';
import { renderNewsletter, type MailSite, type NewsletterInput } from './newsletter-render.ts';
import { domains } from '../../db/domain-schema.ts';

/** Mail stays in inboxes: its images must still load months later. */
const MAIL_MEDIA_TTL_MS = 180 * 24 * 3600_000;

export interface NewsletterSource {
  input: NewsletterInput;
  site: { id: string; handle: string; domain: string | null; title: string; ownerEmail: string };
  post: { id: string; status: string };
}

/** A site as its mail needs it: with its active custom domain, where its links lead (sites/site-url.ts). */
type SiteRow = typeof sites.$inferSelect & { domain?: string | null };

/** The site as its mail shows it: its one brand (name, colour, logo at its stable public address: sites/site-brand.ts) and addresses. */
export async function loadMailSite(db: Database, appUrl: URL, site: SiteRow): Promise<MailSite> {
  const brand = await loadMailBrand(db, appUrl, site.id);
  const url = siteAddress(appUrl, site);
  return { title: site.title, brandColor: brand?.color ?? site.brandColor, logoUrl: brand?.logoUrl ?? null, url, joinUrl: `${url}/join` };
}

export async function loadNewsletterSource(db: Database, signer: MediaUrlSigner, appUrl: URL, postId: string): Promise<NewsletterSource | undefined> {
  const [row] = await db
    .select({ post: posts, site: sites, ownerEmail: users.email, domain: domains.hostname })
    .from(posts)
    .innerJoin(sites, eq(sites.id, posts.siteId))
    .innerJoin(users, eq(users.id, sites.ownerId))
    .leftJoin(domains, activeDomainOfSite)
    .where(eq(posts.id, postId));
  if (!row) return undefined;
  const { post } = row;
  const site = { ...row.site, domain: row.domain };
  const previewIds = new Set(embeddedMediaIds(post.previewHtml));
  const ids = [...previewIds, ...embeddedMediaIds(post.gatedHtml)];
  const media = await siteMediaByIds(db, site.id, ids);
  const absolute = (mediaId: string) => new URL(signer.prefix(mediaId, MAIL_MEDIA_TTL_MS), appUrl).toString();
  const mailSite = await loadMailSite(db, appUrl, site);
  const siteUrl = mailSite.url;
  return {
    site: { id: site.id, handle: site.handle, domain: site.domain, title: site.title, ownerEmail: row.ownerEmail },
    post: { id: post.id, status: post.status },
    input: {
      site: mailSite,
      post: {
        title: post.title,
        excerpt: post.excerpt,
        visibility: effectiveVisibility({ visibility: post.visibility, hasGatedPart: post.gatedHtml !== '' }),
        url: `${siteUrl}/posts/${post.slug}`,
        previewHtml: post.previewHtml,
        gatedHtml: post.gatedHtml,
      },
      media,
      prefixOf: (mediaId: string, variant: EmailVariant) => (variant === 'full' || previewIds.has(mediaId) ? absolute(mediaId) : undefined),
    },
  };
}

/** Every variant of the post's e-mail, each rendered once. */
export function renderVariants(input: NewsletterInput): RenderedVariants {
  const variants: EmailVariant[] = input.post.visibility === 'public' ? ['full'] : [...EMAIL_VARIANTS];
  return Object.fromEntries(variants.map((variant) => [variant, renderNewsletter(input, variant)]));
}
