/**
 * The login screen's words for the server's codes of SPEC.md section 8, with
 * the field each belongs under, and for a failed password-reset request. No
 * zod here: these are needed before the rules (login-rules.ts) have loaded.
 */
import type { ErrorCode } from '../../../../common/error-codes.ts';
import { LOGIN_EMAIL_FIELD_CODES, LOGIN_FALLBACK, LOGIN_MESSAGES, RESET_FALLBACK, RESET_MESSAGES, messageFor } from '../../../../common/messages.ts';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginErrors {
  email?: string;
  password?: string;
}

export type LoginField = keyof LoginErrors;

/** Where the server's answer to a login is shown, and in which words. */
export function loginServerError(code: ErrorCode): { field: LoginField; message: string } {
  return {
    field: LOGIN_EMAIL_FIELD_CODES.includes(code) ? 'email' : 'password',
    message: messageFor(LOGIN_MESSAGES, code, LOGIN_FALLBACK),
  };
}

export function passwordResetErrorMessage(code: ErrorCode): string {
  return messageFor(RESET_MESSAGES, code, RESET_FALLBACK);
}

/**
 * The checks below need zod (the rules shared with the server), a third of this
 * screen's code: they load once the form has painted, and a check awaits them.
 */
export const loadLoginRules = () => import('./login-rules.ts');
