/**
 * Input rules of SPEC.md section 5, written once for both sides: the client shows
 * every field's first problem as the user types, the server re-checks the same
 * schema at its boundary. Each issue's message is an ErrorCode; messages.ts turns
 * a code into the words of the screen that shows it.
 */
import { z } from 'zod';
import {
  CUSTOM_NICHE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { ERROR_FIELDS, isErrorCode, type ErrorCode, type ErrorField } from './error-codes.ts';
import { OTHER_NICHE, isKnownNiche } from './niches.ts';

// In the browser our CSP forbids eval, and zod's JIT probes for it with `new Function` as each
// object schema is made (a caught error the browser still reports as a violation). So it must
// be off before the schemas below exist; the server, under no CSP, keeps the faster JIT.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** SPEC.md's "basic address pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Text that Postgres cannot keep as sent: it refuses U+0000 in text (the insert
 * or even a lookup would fail as a 500), and a lone surrogate would be stored as
 * U+FFFD. Stored text fields refuse both up front.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly the character refused here
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;
export const isStorableText = (value: string) => !UNSTORABLE_TEXT.test(value);

const email = z
  .string({ error: 'missing-email' })
  .trim()
  .min(1, { error: 'missing-email' })
  .max(EMAIL_MAX_LENGTH, { error: 'invalid-email' })
  .regex(EMAIL_PATTERN, { error: 'invalid-email' })
  .refine(isStorableText, { error: 'invalid-email' })
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: 'missing-password' })
  .min(1, { error: 'missing-password' })
  .min(PASSWORD_MIN_LENGTH, { error: 'weak-password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'weak-password' });

const niche = z.string({ error: 'missing-niche' }).refine(isKnownNiche, { error: 'missing-niche' });
const customNiche = z
  .string({ error: 'invalid-input' })
  .trim()
  .max(CUSTOM_NICHE_MAX_LENGTH, { error: 'invalid-input' })
  .refine(isStorableText, { error: 'invalid-input' })
  .optional();
const agreeToTerms = z.literal(true, { error: 'terms-not-accepted' });

function requireCustomNicheForOther(value: { niche: string; customNiche?: string | undefined }, context: z.RefinementCtx) {
  if (value.niche === OTHER_NICHE && !value.customNiche) {
    context.addIssue({ code: 'custom', path: ['customNiche'], message: 'missing-custom-niche' });
  }
}

const fullName = z
  .string({ error: 'missing-full-name' })
  .trim()
  .min(1, { error: 'missing-full-name' })
  .max(FULL_NAME_MAX_LENGTH, { error: 'invalid-input' })
  .refine(isStorableText, { error: 'invalid-input' });

export const signupSchema = z
  .object({
    fullName,
    email,
    password: newPassword,
    niche,
    customNiche,
    agreeToTerms,
  })
  .superRefine(requireCustomNicheForOther);
export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

/** A fan's account, made on a creator's join page: /signup's rules without the creator's niche. */
export const memberSignupSchema = z.object({ fullName, email, password: newPassword, agreeToTerms });
export type MemberSignupData = z.output<typeof memberSignupSchema>;

/** A first Google sign-in's last step: Google vouched for the name and address; the niche and the terms are the user's. */
export const googleSignupSchema = z.object({ niche, customNiche, agreeToTerms }).superRefine(requireCustomNicheForOther);
export type GoogleSignupInput = z.input<typeof googleSignupSchema>;
export type GoogleSignupData = z.output<typeof googleSignupSchema>;

/** A first Google sign-in from a creator's join page makes a member: only the terms are asked. */
export const memberGoogleSignupSchema = z.object({ agreeToTerms });

/** A member starting a site of their own: the niche /signup asks of every creator. */
export const startSiteSchema = z.object({ niche, customNiche }).superRefine(requireCustomNicheForOther);
export type StartSiteData = z.output<typeof startSiteSchema>;

export const loginSchema = z.object({
  email,
  // Login never tells how long the stored password is, so any non-empty string is checked.
  password: z
    .string({ error: 'missing-password' })
    .min(1, { error: 'missing-password' })
    .max(PASSWORD_MAX_LENGTH, { error: 'invalid-login-credentials' }),
});
export type LoginInput = z.input<typeof loginSchema>;

export const passwordResetRequestSchema = z.object({ email });

/** A visitor's join of a site with one field (docs/decisions/145); a signed-in reader's join names a tier instead. */
export const emailJoinSchema = z.object({ email });

/** The name a member who joined with an address alone gives later, on a site's account page. */
export const memberNameSchema = z.object({ fullName });

export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: 'invalid-token' }).min(1, { error: 'invalid-token' }).max(200, { error: 'invalid-token' }),
  password: newPassword,
});

export interface FieldProblem {
  field: ErrorField | undefined;
  code: ErrorCode;
}

/** Every field's first problem, in the order the schema lists them. */
export function listProblems(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (seen.has(key)) continue;
    seen.add(key);
    const field = ERROR_FIELDS.find((candidate) => candidate === key);
    const code = toErrorCode(issue.message);
    problems.push({ field, code });
  }
  return problems;
}

/** A schema's messages are error codes; zod's own (a wrong type) become `invalid-input`. */
function toErrorCode(message: string): ErrorCode {
  return isErrorCode(message) ? message : 'invalid-input';
}
