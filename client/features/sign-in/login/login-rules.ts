/**
 * The login screen's client checks of SPEC.md section 5 and the password-reset
 * request of section 4, on the schemas shared with the server. Loaded after the
 * form paints (loadLoginRules in login-messages.ts).
 */
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants.ts';
import { LOGIN_CLIENT_MESSAGES, LOGIN_FALLBACK, LOGIN_MESSAGES, messageFor } from '../../../../common/messages.ts';
import { listProblems, loginSchema, passwordResetRequestSchema } from '../../../../common/validation.ts';
import type { LoginErrors, LoginValues } from './login-messages.ts';

/** SPEC.md rejects the configured support address and 'test' as sign-in e-mails. */
function isReservedEmail(email: string, supportEmail: string | undefined): boolean {
  const normalized = email.trim().toLowerCase();
  return normalized === 'test' || (supportEmail !== undefined && normalized === supportEmail.trim().toLowerCase());
}

export function validateLogin(values: LoginValues, supportEmail: string | undefined): LoginErrors {
  const errors: LoginErrors = {};
  const parsed = loginSchema.safeParse(values);
  const problems = parsed.success ? [] : listProblems(parsed.error);

  if (problems.some((problem) => problem.field === 'email') || isReservedEmail(values.email, supportEmail)) {
    errors.email = LOGIN_CLIENT_MESSAGES.email;
  }
  // The schema accepts any non-empty password (it must not reveal stored lengths); the screen asks for 8.
  if (values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = LOGIN_CLIENT_MESSAGES.password;
  } else {
    const passwordProblem = problems.find((problem) => problem.field === 'password');
    if (passwordProblem) errors.password = messageFor(LOGIN_MESSAGES, passwordProblem.code, LOGIN_FALLBACK);
  }
  return errors;
}

/** What stops 'Forgot password?' from sending, if anything. */
export function passwordResetRequestProblem(email: string): string | undefined {
  if (email.trim() === '') return LOGIN_CLIENT_MESSAGES.resetNeedsEmail;
  return passwordResetRequestSchema.safeParse({ email }).success ? undefined : LOGIN_CLIENT_MESSAGES.email;
}
