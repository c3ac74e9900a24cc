/**
 * What platform.ts reads out of our own export is checked here before it goes
 * anywhere. The manifest's hashes only prove the files match each other: the
 * person uploading can edit a file and recompute them. So the site's fields
 * are held to the site's own rules (a bad one refuses the file at the dry
 * run), and the settings, a design, tier, offer, product, post, comment or old
 * address that breaks them is left out with a problem in plain words, never
 * written as it came (docs/decisions/157, 173).
 */
import { z } from 'zod';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { parseDesign, type Design } from '../../../common/design.ts';
import { OFFER_DURATIONS, OFFER_KINDS, PRODUCT_FILES_MAX, PRODUCT_STATUSES, type TipSettings } from '../../../common/earn.ts';
import { TIER_TYPES } from '../../../common/memberships.ts';
import { OFFER_CODE_PATTERN, OFFER_MONTHS_MAX, OFFER_NAME_MAX_LENGTH, REDEMPTION_LIMIT_MAX } from '../../../common/offer-rules.ts';
import { trialDaysSchema } from '../../../common/offer-schemas.ts';
import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_TITLE_MAX_LENGTH } from '../../../common/product-schemas.ts';
import { COMMENT_MAX_CHARS } from '../../../common/messaging.ts';
import { editorDocumentSchema } from '../../../common/post-schemas.ts';
import { POST_EXCERPT_MAX_LENGTH, POST_SLUG_MAX_LENGTH, POST_STATUSES, POST_TITLE_MAX_LENGTH, POST_VISIBILITIES } from '../../../common/posts.ts';
import { updateSiteSchema } from '../../../common/site-schemas.ts';
import { BRAND_COLOR_PATTERN, SITE_ABOUT_MAX_LENGTH, SITE_TAGLINE_MAX_LENGTH, SITE_TITLE_MAX_LENGTH } from '../../../common/sites.ts';
import { isValidSlug } from '../../../common/slugs.ts';
import { updateTierSchema } from '../../../common/tier-schemas.ts';
import { TIER_CURRENCIES, TIER_PRICE_MAX } from '../../../common/tiers.ts';
import { tipSettingsSchema } from '../../../common/tip-schemas.ts';
import { isStorableText } from '../../../common/validation.ts';
import type { ExportedComment, ExportedOffer, ExportedPost, ExportedProduct, ExportedRedirect, ExportedSettings, ExportedSite, ExportedTier } from '../../exports/index.ts';
import { AppError } from '../../errors.ts';

const refused = (detail: string) => new AppError('invalid-import', 400, 'file', undefined, detail);

const date = z.string().refine((value) => !Number.isNaN(Date.parse(value)));
const mediaKey = z.string().max(100).nullable();

const siteSchema = z.object({
  title: z.string().trim().min(1).max(SITE_TITLE_MAX_LENGTH),
  tagline: z.string().max(SITE_TAGLINE_MAX_LENGTH),
  about: z.string().max(SITE_ABOUT_MAX_LENGTH),
  brandColor: z.string().regex(BRAND_COLOR_PATTERN),
  avatarMediaId: mediaKey,
  bannerMediaId: mediaKey,
});

/** The settings room's own fields (PATCH /api/site), every one present: site.json has carried them since version 1. */
const settingsSchema = updateSiteSchema.pick({ commentsFrom: true, messagesFrom: true, messageNotices: true, pastDueAccess: true }).required();

/** As long as a stored old address may be (server/site-content/post-redirect.ts); an old site's own paths. */
const OLD_PATH_MAX_LENGTH = 2000;

const redirectSchema = z.object({
  path: z.string().startsWith('/').max(OLD_PATH_MAX_LENGTH).refine(isStorableText),
  post: z.string().refine(isValidSlug),
});

const tierSchema = updateTierSchema.required().extend({
  type: z.enum(TIER_TYPES),
  position: z.number().int().min(0).max(10_000),
  stripeProductId: z.string().max(255).nullable(),
  stripeMonthlyPriceId: z.string().max(255).nullable(),
  stripeYearlyPriceId: z.string().max(255).nullable(),
  // Format 1 had no trials.
  trialDays: trialDaysSchema.nullable().default(null),
});

const offerSchema = z
  .object({
    name: z.string().trim().min(1).max(OFFER_NAME_MAX_LENGTH).refine(isStorableText),
    code: z.string().regex(OFFER_CODE_PATTERN),
    kind: z.enum(OFFER_KINDS),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOff: z.number().int().min(1).max(TIER_PRICE_MAX).nullable(),
    currency: z.enum(TIER_CURRENCIES).nullable(),
    trialDays: trialDaysSchema.nullable(),
    duration: z.enum(OFFER_DURATIONS),
    durationMonths: z.number().int().min(1).max(OFFER_MONTHS_MAX).nullable(),
    endsAt: date.nullable(),
    redemptionLimit: z.number().int().min(1).max(REDEMPTION_LIMIT_MAX).nullable(),
    redemptions: z.number().int().min(0).max(REDEMPTION_LIMIT_MAX),
    archived: z.boolean(),
    tier: z.string().max(200),
    stripeCouponId: z.string().max(255).nullable(),
  })
  .superRefine((offer, context) => {
    const refuse = (path: string) => context.addIssue({ code: 'custom', path: [path], message: 'invalid-input' });
    // The offers room's own rules (common/offer-schemas.ts): each kind carries its value and none of the others'.
    if ((offer.kind === 'percent') !== (offer.percentOff !== null)) refuse('percentOff');
    if ((offer.kind === 'amount') !== (offer.amountOff !== null && offer.currency !== null)) refuse('amountOff');
    if ((offer.kind === 'trial') !== (offer.trialDays !== null)) refuse('trialDays');
    if (offer.kind === 'trial' && offer.duration !== 'once') refuse('duration');
    if ((offer.duration === 'repeating') !== (offer.durationMonths !== null)) refuse('durationMonths');
    if (offer.redemptionLimit !== null && offer.redemptions > offer.redemptionLimit) refuse('redemptions');
  });

const mediaPath = z.string().min(1).max(1000);

const productSchema = z.object({
  title: z.string().trim().min(1).max(PRODUCT_TITLE_MAX_LENGTH).refine(isStorableText),
  slug: z.string().refine(isValidSlug),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH).refine(isStorableText),
  price: z.number().int().min(1).max(TIER_PRICE_MAX),
  currency: z.enum(TIER_CURRENCIES),
  status: z.enum(PRODUCT_STATUSES),
  cover: mediaPath.nullable(),
  files: z
    .array(mediaPath)
    .min(1)
    .max(PRODUCT_FILES_MAX)
    .refine((files) => new Set(files).size === files.length),
});

const postSchema = z.object({
  id: z.string().min(1).max(100),
  slug: z.string().max(POST_SLUG_MAX_LENGTH).refine(isValidSlug),
  title: z.string().max(POST_TITLE_MAX_LENGTH),
  excerpt: z.string().max(POST_EXCERPT_MAX_LENGTH),
  status: z.enum(POST_STATUSES),
  visibility: z.enum(POST_VISIBILITIES),
  tierNames: z.array(z.string().max(200)).max(50),
  publishedAt: date.nullable(),
  // Optional, so an export that lacks them (or a hand-made one) still reads: the post then takes the import's time.
  createdAt: date.optional(),
  updatedAt: date.optional(),
  coverMediaId: mediaKey,
  body: editorDocumentSchema,
});

const commentSchema = z.object({
  id: z.string().min(1).max(100),
  post: z.string().max(POST_SLUG_MAX_LENGTH),
  parent: z.string().max(100).nullable(),
  author: z.string().max(320).nullable(),
  body: z.string().max(COMMENT_MAX_CHARS),
  createdAt: date,
  hidden: z.boolean(),
  pinned: z.boolean(),
});

/** The field a refusal or problem names: `brandColor`, `colors.accent`. */
const fieldOf = (error: z.ZodError) => (error.issues[0]?.path ?? []).join('.') || 'the whole entry';

/** The site's own fields, or the file refused: they are written over the arriving site's. */
export function checkedSite(exported: ExportedSite): ExportedSite['site'] {
  const result = siteSchema.safeParse(exported?.site);
  if (!result.success) throw refused(`The site in site.json breaks this platform's rules at “${fieldOf(result.error)}” (a title of 1 to ${SITE_TITLE_MAX_LENGTH} characters, a colour like #6d28d9). The export was changed; make a new one.`);
  return exported.site;
}

/** The export's designs that are designs this platform can show; the rest left out with a problem. */
export function checkedDesigns(exported: ExportedSite, problems: ImportProblem[]): { draft: Design | null; published: Design | null; versions: { design: Design; publishedAt: Date }[] } {
  const design = (input: unknown, where: string): Design | null => {
    if (input === null || input === undefined) return null;
    const parsed = parseDesign(input);
    if (!parsed) problems.push({ where, message: 'This design breaks the design editor’s rules; it is left out, and the site keeps its own.' });
    return parsed ?? null;
  };
  const versions = Array.isArray(exported.design?.versions) ? exported.design.versions : [];
  return {
    draft: design(exported.design?.draft, 'site.json, the design’s draft'),
    published: design(exported.design?.published, 'site.json, the published design'),
    versions: versions.flatMap((version, index) => {
      const parsed = design(version?.design, `site.json, design version ${index + 1}`);
      const publishedAt = typeof version?.publishedAt === 'string' ? new Date(version.publishedAt) : new Date(Number.NaN);
      return parsed && !Number.isNaN(publishedAt.getTime()) ? [{ design: parsed, publishedAt }] : [];
    }),
  };
}

/** The site's settings, or undefined (with a problem) when they break the settings' rules: the site keeps its own. */
export function checkedSettings(exported: ExportedSite, problems: ImportProblem[]): ExportedSettings | undefined {
  const result = settingsSchema.safeParse(exported.settings);
  if (result.success) return result.data;
  problems.push({ where: 'site.json, the settings', message: `The site’s settings break the settings’ rules at “${fieldOf(result.error)}”; the site keeps its own.` });
  return undefined;
}

export function checkedTiers(exported: ExportedSite, problems: ImportProblem[]): ExportedTier[] {
  const tiers: unknown[] = Array.isArray(exported.tiers) ? exported.tiers : [];
  return tiers.flatMap((tier, index) => {
    const result = tierSchema.safeParse(tier);
    if (result.success) return [result.data];
    problems.push({ where: `site.json, tier ${index + 1}`, message: `This tier breaks the tiers’ rules at “${fieldOf(result.error)}”; it is left out.` });
    return [];
  });
}

/** Checks each entry of an array of site.json by its schema; one that breaks it is left out with a problem. */
function checkedEntries<Entry>(input: unknown, schema: z.ZodType<Entry>, problems: ImportProblem[], where: (index: number) => string, rules: string): Entry[] {
  const entries: unknown[] = Array.isArray(input) ? input : [];
  return entries.flatMap((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) return [result.data];
    problems.push({ where: where(index), message: `This ${rules} at “${fieldOf(result.error)}”; it is left out.` });
    return [];
  });
}

export function checkedOffers(exported: ExportedSite, problems: ImportProblem[]): ExportedOffer[] {
  return checkedEntries(exported.offers, offerSchema, problems, (index) => `site.json, offer ${index + 1}`, 'offer breaks the offers’ rules');
}

export function checkedProducts(exported: ExportedSite, problems: ImportProblem[]): ExportedProduct[] {
  return checkedEntries(exported.products, productSchema, problems, (index) => `site.json, product ${index + 1}`, 'product breaks the products’ rules');
}

/** The tip jar's settings, or undefined (a format 1 export has none; one that breaks the rules is told and left out). */
export function checkedTips(exported: ExportedSite, problems: ImportProblem[]): TipSettings | undefined {
  if (exported.tips === undefined) return undefined;
  const result = tipSettingsSchema.safeParse(exported.tips);
  if (result.success) return result.data;
  problems.push({ where: 'site.json, the tip jar', message: `The tip jar’s settings break the tips’ rules at “${fieldOf(result.error)}”; the site keeps its own.` });
  return undefined;
}

/** A post as the export wrote it; the dates of writing and change may be missing. */
export type CheckedPost = Omit<ExportedPost, 'createdAt' | 'updatedAt'> & Partial<Pick<ExportedPost, 'createdAt' | 'updatedAt'>>;

/** A post as the export wrote it, or undefined (with a problem) when it breaks the posts' rules. */
export function checkedPost(input: unknown, name: string, problems: ImportProblem[]): CheckedPost | undefined {
  const result = postSchema.safeParse(input);
  if (result.success) return result.data;
  problems.push({ where: name, message: `This post breaks the posts’ rules at “${fieldOf(result.error)}”; it is left out.` });
  return undefined;
}

/** redirects.json's old addresses; one that is not a path of a site, or names no post by a slug, is left out with a problem. */
export function checkedRedirects(input: unknown, problems: ImportProblem[]): ExportedRedirect[] {
  return checkedEntries(input, redirectSchema, problems, (index) => `redirects.json, old address ${index + 1}`, 'old address breaks the old addresses’ rules');
}

export function checkedComments(input: unknown, problems: ImportProblem[]): ExportedComment[] {
  const comments: unknown[] = Array.isArray(input) ? input : [];
  return comments.flatMap((comment, index) => {
    const result = commentSchema.safeParse(comment);
    if (result.success) return [result.data];
    problems.push({ where: `comments.json, comment ${index + 1}`, message: `This comment breaks the comments’ rules at “${fieldOf(result.error)}”; it is left out.` });
    return [];
  });
}
