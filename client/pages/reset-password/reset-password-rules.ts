/**
 * The reset-password screen (the link in the reset mail): the 8-character rule
 * of SPEC.md section 5, and what each server answer means for the user.
 */
import { PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { LOGIN_CLIENT_MESSAGES, LOGIN_MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';

export function newPasswordProblem(password: string): string | undefined {
  return password.length < PASSWORD_MIN_LENGTH ? LOGIN_CLIENT_MESSAGES.password : undefined;
}

/** A dead link needs a new one (from the login screen); anything else can be fixed on this form. */
export type ConfirmFailure = { kind: 'link'; message: string } | { kind: 'field'; message: string };

export function confirmFailure(code: ErrorCode): ConfirmFailure {
  switch (code) {
    case 'invalid-token':
    case 'expired-token':
      return { kind: 'link', message: SERVER_MESSAGES[code] };
    case 'weak-password':
    case 'missing-password':
      return { kind: 'field', message: LOGIN_CLIENT_MESSAGES.password };
    case 'too-many-requests':
    case 'network-request-failed':
      return { kind: 'field', message: LOGIN_MESSAGES[code] ?? SERVER_MESSAGES[code] };
    default:
      return { kind: 'field', message: SERVER_MESSAGES['internal-error'] };
  }
}
