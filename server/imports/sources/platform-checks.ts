/**
 * What platform.ts reads out of our own export is checked here before it goes
 * anywhere. The manifest's hashes only prove the files match each other: the
 * person uploading can edit a file and recompute them. So the site's fields
 * are held to the site's own rules (a bad one refuses the file at the dry
 * run), and a design, tier, post or comment that breaks them is left out with
 * a problem in plain words, never written as it came (docs/decisions/157).
 */
import { z } from 'zod';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { parseDesign, type Design } from '../../../common/design.ts';
import { TIER_TYPES } from '../../../common/memberships.ts';
import { COMMENT_MAX_CHARS } from '../../../common/messaging.ts';
import { editorDocumentSchema } from '../../../common/post-schemas.ts';
import { POST_EXCERPT_MAX_LENGTH, POST_SLUG_MAX_LENGTH, POST_STATUSES, POST_TITLE_MAX_LENGTH, POST_VISIBILITIES } from '../../../common/posts.ts';
import { BRAND_COLOR_PATTERN, SITE_ABOUT_MAX_LENGTH, SITE_TAGLINE_MAX_LENGTH, SITE_TITLE_MAX_LENGTH } from '../../../common/sites.ts';
import { isValidSlug } from '../../../common/slugs.ts';
import { updateTierSchema } from '../../../common/tier-schemas.ts';
import type { ExportedComment, ExportedPost, ExportedSite, ExportedTier } from '../../exports/index.ts';
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

const tierSchema = updateTierSchema.required().extend({
  type: z.enum(TIER_TYPES),
  position: z.number().int().min(0).max(10_000),
  stripeProductId: z.string().max(255).nullable(),
  stripeMonthlyPriceId: z.string().max(255).nullable(),
  stripeYearlyPriceId: z.string().max(255).nullable(),
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

export function checkedTiers(exported: ExportedSite, problems: ImportProblem[]): ExportedTier[] {
  const tiers: unknown[] = Array.isArray(exported.tiers) ? exported.tiers : [];
  return tiers.flatMap((tier, index) => {
    const result = tierSchema.safeParse(tier);
    if (result.success) return [result.data];
    problems.push({ where: `site.json, tier ${index + 1}`, message: `This tier breaks the tiers’ rules at “${fieldOf(result.error)}”; it is left out.` });
    return [];
  });
}

/** A post as the export wrote it, or undefined (with a problem) when it breaks the posts' rules. */
export function checkedPost(input: unknown, name: string, problems: ImportProblem[]): Omit<ExportedPost, 'createdAt' | 'updatedAt'> | undefined {
  const result = postSchema.safeParse(input);
  if (result.success) return result.data;
  problems.push({ where: name, message: `This post breaks the posts’ rules at “${fieldOf(result.error)}”; it is left out.` });
  return undefined;
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
