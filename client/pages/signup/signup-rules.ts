/**
 * The sign-up screen's checks (SPEC.md section 5, through the shared schema)
 * and its words for the server's answers (section 8, all under the e-mail).
 */
import type { ErrorCode } from '../../../common/error-codes.ts';
import { SERVER_MESSAGES, SIGNUP_FALLBACK, SIGNUP_FIELD_MESSAGES, SIGNUP_MESSAGES, messageFor } from '../../../common/messages.ts';
import { OTHER_NICHE } from '../../../common/niches.ts';
import { listProblems, signupSchema } from '../../../common/validation.ts';
import type { SignupRequest } from '../../lib/api.ts';

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

/** The order of the form, which is also the order focus moves to the first problem. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['fullName', 'niche', 'customNiche', 'email', 'password', 'agreeToTerms'];

export const EMPTY_SIGNUP: SignupValues = { fullName: '', niche: '', customNiche: '', email: '', password: '', agreeToTerms: false };

/** The custom niche is sent only when 'other' is chosen: a leftover text must not become the niche. */
export function toSignupRequest(values: SignupValues): SignupRequest {
  const { customNiche, ...rest } = values;
  return values.niche === OTHER_NICHE ? { ...rest, customNiche } : rest;
}

function isSignupField(field: string | undefined): field is SignupField {
  return SIGNUP_FIELDS.some((candidate) => candidate === field);
}

export function validateSignup(values: SignupValues): SignupErrors {
  const parsed = signupSchema.safeParse(toSignupRequest(values));
  const errors: SignupErrors = {};
  if (parsed.success) return errors;
  for (const { field, code } of listProblems(parsed.error)) {
    if (isSignupField(field)) errors[field] = messageFor(SIGNUP_FIELD_MESSAGES, code, SERVER_MESSAGES[code]);
  }
  // zod skips the schema's cross-field rule while any field fails, but the screen shows every problem at once.
  if (values.niche === OTHER_NICHE && values.customNiche.trim() === '') {
    errors.customNiche = SIGNUP_FIELD_MESSAGES['missing-custom-niche'];
  }
  return errors;
}

export function firstProblemField(errors: SignupErrors): SignupField | undefined {
  return SIGNUP_FIELDS.find((field) => errors[field] !== undefined);
}

export function signupServerError(code: ErrorCode): string {
  return messageFor(SIGNUP_MESSAGES, code, SIGNUP_FALLBACK);
}
