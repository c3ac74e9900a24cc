/**
 * The login screen's words for every problem: the client checks of SPEC.md
 * section 5, the server's codes of section 8 with the field each belongs
 * under, and the password-reset request of section 4.
 */
import { PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import {
  LOGIN_CLIENT_MESSAGES,
  LOGIN_EMAIL_FIELD_CODES,
  LOGIN_FALLBACK,
  LOGIN_MESSAGES,
  RESET_FALLBACK,
  RESET_MESSAGES,
  messageFor,
} from '../../../common/messages.ts';
import { listProblems, loginSchema, passwordResetRequestSchema } from '../../../common/validation.ts';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginErrors {
  email?: string;
  password?: string;
}

export type LoginField = keyof LoginErrors;

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

/** Where the server's answer to a login is shown, and in which words. */
export function loginServerError(code: ErrorCode): { field: LoginField; message: string } {
  return {
    field: LOGIN_EMAIL_FIELD_CODES.includes(code) ? 'email' : 'password',
    message: messageFor(LOGIN_MESSAGES, code, LOGIN_FALLBACK),
  };
}

/** What stops 'Forgot password?' from sending, if anything. */
export function passwordResetRequestProblem(email: string): string | undefined {
  if (email.trim() === '') return LOGIN_CLIENT_MESSAGES.resetNeedsEmail;
  return passwordResetRequestSchema.safeParse({ email }).success ? undefined : LOGIN_CLIENT_MESSAGES.email;
}

export function passwordResetErrorMessage(code: ErrorCode): string {
  return messageFor(RESET_MESSAGES, code, RESET_FALLBACK);
}
