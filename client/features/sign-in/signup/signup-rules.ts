/**
 * The sign-up screen's checks (SPEC.md section 5), through the schema shared
 * with the server. Loaded after the form paints (loadSignupRules in signup-form.ts).
 */
import { SERVER_MESSAGES, SIGNUP_FIELD_MESSAGES, messageFor } from '../../../../common/messages.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import { listProblems, signupSchema } from '../../../../common/validation.ts';
import { SIGNUP_FIELDS, toSignupRequest, type SignupErrors, type SignupField, type SignupValues } from './signup-form.ts';

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
