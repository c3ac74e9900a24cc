/**
 * Input rules of the creator's site, the onboarding step and the profile, checked
 * at the server's boundary. Every message is an error code (common/error-codes.ts).
 */
import { z } from 'zod';
import { CUSTOM_NICHE_MAX_LENGTH } from './constants.ts';
import { handleProblem, normaliseHandle } from './handles.ts';
import { AUDIENCES, MESSAGE_NOTICES } from './messaging.ts';
import { OTHER_NICHE, isKnownNiche } from './niches.ts';
import { BRAND_COLOR_PATTERN, ONBOARDING_STEPS, SITE_ABOUT_MAX_LENGTH, SITE_TAGLINE_MAX_LENGTH, SITE_TITLE_MAX_LENGTH } from './sites.ts';
import { tipSettingsSchema } from './tip-schemas.ts';

// eslint-disable-next-line no-control-regex -- U+0000 and lone surrogates cannot be stored as text (see validation.ts)
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

export const handleSchema = z
  .string({ error: 'invalid-handle' })
  .transform(normaliseHandle)
  .refine((handle) => handleProblem(handle) === undefined, { error: 'invalid-handle' });

const text = (max: number) =>
  z
    .string({ error: 'invalid-input' })
    .trim()
    .max(max, { error: 'invalid-input' })
    .refine((value) => !UNSTORABLE_TEXT.test(value), { error: 'invalid-input' });

const title = text(SITE_TITLE_MAX_LENGTH).refine((value) => value.length > 0, { error: 'invalid-input' });

const brandColor = z
  .string({ error: 'invalid-input' })
  .transform((value) => value.toLowerCase())
  .refine((value) => BRAND_COLOR_PATTERN.test(value), { error: 'invalid-input' });
const mediaId = z.uuid({ error: 'invalid-input' }).nullable();

export const createSiteSchema = z.object({
  handle: handleSchema,
  title,
  tagline: text(SITE_TAGLINE_MAX_LENGTH).optional(),
});

export const updateSiteSchema = z.object({
  handle: handleSchema.optional(),
  title: title.optional(),
  tagline: text(SITE_TAGLINE_MAX_LENGTH).optional(),
  about: text(SITE_ABOUT_MAX_LENGTH).optional(),
  brandColor: brandColor.optional(),
  avatarMediaId: mediaId.optional(),
  bannerMediaId: mediaId.optional(),
  publish: z.literal(true, { error: 'invalid-input' }).optional(),
  pastDueAccess: z.boolean({ error: 'invalid-input' }).optional(),
  messagesFrom: z.enum(AUDIENCES, { error: 'invalid-input' }).optional(),
  commentsFrom: z.enum(AUDIENCES, { error: 'invalid-input' }).optional(),
  messageNotices: z.enum(MESSAGE_NOTICES, { error: 'invalid-input' }).optional(),
  /** The tip jar, written whole (common/tip-schemas.ts, docs/decisions/163). */
  tips: tipSettingsSchema.optional(),
});
export type UpdateSiteData = z.output<typeof updateSiteSchema>;

export const onboardingStepSchema = z.object({
  step: z.int({ error: 'invalid-input' }).min(1, { error: 'invalid-input' }).max(ONBOARDING_STEPS, { error: 'invalid-input' }),
});

/** The niche from sign-up, editable in the wizard: a listed one, or 'other' with the creator's own words. */
export const profileSchema = z
  .object({
    niche: z.string({ error: 'missing-niche' }).refine(isKnownNiche, { error: 'missing-niche' }),
    customNiche: text(CUSTOM_NICHE_MAX_LENGTH).optional(),
  })
  .superRefine((value, context) => {
    if (value.niche === OTHER_NICHE && !value.customNiche) {
      context.addIssue({ code: 'custom', path: ['customNiche'], message: 'missing-custom-niche' });
    }
  });
