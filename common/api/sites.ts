/**
 * /api/sites, /api/onboarding and /api/profile (DESIGN.md "HTTP API added"):
 * the signed-in creator's site, the onboarding wizard's progress and the
 * profile fields it edits. Creator-only; the studio's chunks import it.
 */
import type { PublicUser } from '../api-types.ts';
import type { HandleProblem } from '../handles.ts';
import type { MediaStatus } from '../media.ts';
import type { Audience, MessageNotices } from '../messaging.ts';
import { endpoint } from './endpoint.ts';
import type { TipSettings } from '../earn.ts';

/** An image of the site, with a signed, short-lived URL (fetch the site again rather than keep it). */
export interface SiteImage {
  id: string;
  status: MediaStatus;
  /** Null until processing has made the image servable (`ready`). */
  url: string | null;
}

export interface SiteJson {
  id: string;
  handle: string;
  title: string;
  tagline: string;
  about: string;
  brandColor: string;
  avatar: SiteImage | null;
  banner: SiteImage | null;
  publishedAt: string | null;
  /** The public address, `{APP_URL}/@{handle}`. */
  url: string;
  /** Whether a member whose payment failed keeps access while Stripe retries (default true). */
  pastDueAccess: boolean;
  messagesFrom: Audience;
  commentsFrom: Audience;
  messageNotices: MessageNotices;
}

export interface SiteAnswer {
  site: SiteJson;
}

export interface CreateSiteBody {
  handle: string;
  title: string;
  tagline?: string;
}

export interface UpdateSiteBody {
  handle?: string;
  title?: string;
  tagline?: string;
  about?: string;
  brandColor?: string;
  /** One of this site's images, or null to remove it. */
  avatarMediaId?: string | null;
  bannerMediaId?: string | null;
  publish?: true;
  pastDueAccess?: boolean;
  messagesFrom?: Audience;
  commentsFrom?: Audience;
  messageNotices?: MessageNotices;
  /** The tip jar's settings, whole: amounts in the smallest unit of the site's currency (common/tip-schemas.ts). */
  tips?: TipSettings;
}

export interface HandleAvailability {
  available: boolean;
  /** Why not: the rule it breaks, or `taken` by another site. */
  problem?: HandleProblem | 'taken';
}

export interface ProfileBody {
  niche: string;
  /** Sent only when the niche is 'other'. */
  customNiche?: string;
}

export interface UserAnswer {
  user: PublicUser;
}

export interface FinishAnswer {
  user: PublicUser;
  site: SiteJson;
}

/** 409 `site-exists` when the creator has one; 409 `handle-taken`; 400 `invalid-handle`. */
export const createSite = endpoint<CreateSiteBody, undefined, SiteAnswer>('POST', '/api/sites');
/** 404 `not-found` until the creator has made one. */
export const mySite = endpoint<undefined, undefined, SiteAnswer>('GET', '/api/sites/mine');
export const updateMySite = endpoint<UpdateSiteBody, undefined, SiteAnswer>('PATCH', '/api/sites/mine');
/** A handle the creator's own site has counts as available. */
export const handleAvailable = endpoint<undefined, { handle: string }, HandleAvailability>('GET', '/api/sites/handle-available');

/** The wizard's starting point: the site so far, or null before the first step made it (never a 404: every new creator asks). */
export const onboardingState = endpoint<undefined, undefined, { site: SiteJson | null }>('GET', '/api/onboarding');
export const saveOnboardingStep = endpoint<{ step: number }, undefined, UserAnswer>('PATCH', '/api/onboarding');
/** Sets `hasCompletedSetup` and publishes the site; 409 `site-required` without one. */
export const finishOnboarding = endpoint<undefined, undefined, FinishAnswer>('POST', '/api/onboarding/finish');

export const updateProfile = endpoint<ProfileBody, undefined, UserAnswer>('PATCH', '/api/profile');
