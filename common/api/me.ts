/**
 * /api/me: where the signed-in account belongs, and a member starting a site
 * of their own (docs/decisions/059).
 */
import type { PublicUser } from '../api-types.ts';
import { endpoint } from './endpoint.ts';

/** A creator's is /onboarding (which moves on to the overview); a member's is the site of their latest membership, or `/`. */
export interface LandingAnswer {
  path: string;
}

export interface StartSiteBody {
  niche: string;
  /** Sent only when the niche is 'other'. */
  customNiche?: string;
}

export const landing = endpoint<undefined, undefined, LandingAnswer>('GET', '/api/me/landing');
export const startSite = endpoint<StartSiteBody, undefined, { user: PublicUser }>('POST', '/api/me/start-site');
