/**
 * The terms step of a first Google sign-in: Google vouched for the name and the
 * address, so only the niche and the terms are asked (a member joining a site:
 * the terms alone), with the sign-up form's words (SPEC.md section 5). Plain
 * checks: no zod on this small screen.
 */
import { SIGNUP_FIELD_MESSAGES } from '../../../../common/messages.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import type { GoogleSignupBody } from '../../../../common/api/auth.ts';

export interface GoogleSignupValues {
  niche: string;
  customNiche: string;
  agreeToTerms: boolean;
}

export type GoogleSignupField = keyof GoogleSignupValues;
export type GoogleSignupErrors = Partial<Record<GoogleSignupField, string>>;

export const EMPTY_GOOGLE_SIGNUP: GoogleSignupValues = { niche: '', customNiche: '', agreeToTerms: false };

/** `joining`: the sign-in began on a creator's join page and makes a member, who has no niche (docs/decisions/059). */
export function validateGoogleSignup(values: GoogleSignupValues, joining = false): GoogleSignupErrors {
  if (joining) return values.agreeToTerms ? {} : { agreeToTerms: SIGNUP_FIELD_MESSAGES['terms-not-accepted'] };
  const errors: GoogleSignupErrors = {};
  if (!values.niche) errors.niche = SIGNUP_FIELD_MESSAGES['missing-niche'];
  else if (values.niche === OTHER_NICHE && values.customNiche.trim() === '') errors.customNiche = SIGNUP_FIELD_MESSAGES['missing-custom-niche'];
  if (!values.agreeToTerms) errors.agreeToTerms = SIGNUP_FIELD_MESSAGES['terms-not-accepted'];
  return errors;
}

/** The custom niche is sent only when 'other' is chosen, as on the sign-up form. */
export function toGoogleSignupRequest({ customNiche, ...rest }: GoogleSignupValues, joining = false): GoogleSignupBody {
  if (joining) return { agreeToTerms: rest.agreeToTerms };
  return rest.niche === OTHER_NICHE ? { ...rest, customNiche } : rest;
}
