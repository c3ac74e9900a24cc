/**
 * The sign-up form's values, its field order and its words for the server's
 * answers (SPEC.md section 8, all under the e-mail). No zod here: the checks
 * that need it (signup-rules.ts) load once the form has painted.
 */
import type { ErrorCode } from '../../../../common/error-codes.ts';
import { SIGNUP_FALLBACK, SIGNUP_MESSAGES, messageFor } from '../../../../common/messages.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import type { SignupBody } from '../../../../common/api/auth.ts';

export interface SignupValues {
  fullName: string;
  niche: string;
  customNiche: string;
  email: string;
  password: string;
  agreeToTerms: boolean;
}

export type SignupField = keyof SignupValues;
export type SignupErrors = Partial<Record<SignupField, string>>;

/** The fields the checks know, in the order of the form. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['fullName', 'niche', 'customNiche', 'email', 'password', 'agreeToTerms'];

export const EMPTY_SIGNUP: SignupValues = { fullName: '', niche: '', customNiche: '', email: '', password: '', agreeToTerms: false };

/** The custom niche is sent only when 'other' is chosen: a leftover text must not become the niche. */
export function toSignupRequest(values: SignupValues): SignupBody {
  const { customNiche, ...rest } = values;
  return values.niche === OTHER_NICHE ? { ...rest, customNiche } : rest;
}

export function signupServerError(code: ErrorCode): string {
  return messageFor(SIGNUP_MESSAGES, code, SIGNUP_FALLBACK);
}

/** The checks need zod (the rules shared with the server): fetched after the form paints, awaited by a submit. */
export const loadSignupRules = () => import('./signup-rules.ts');
