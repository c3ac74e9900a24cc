/**
 * The reset-password screen (the link in the reset mail): the 8-character rule
 * of SPEC.md section 5, and what each server answer means for the user.
 */
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants.ts';
import type { ErrorCode } from '../../../../common/error-codes.ts';
import { LOGIN_CLIENT_MESSAGES, LOGIN_MESSAGES, SERVER_MESSAGES } from '../../../../common/messages.ts';

export function newPasswordProblem(password: string): string | undefined {
  return password.length < PASSWORD_MIN_LENGTH ? LOGIN_CLIENT_MESSAGES.password : undefined;
}

/**
 * A dead link needs a new one (from the login screen); a password the server
 * refuses goes under the field; the rest (offline, too many tries) is about no
 * field and goes to the form's live region.
 */
export type ConfirmFailure = { kind: 'link' | 'field' | 'form'; message: string };

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
      return { kind: 'form', message: LOGIN_MESSAGES[code] ?? SERVER_MESSAGES[code] };
    default:
      return { kind: 'form', message: SERVER_MESSAGES['internal-error'] };
  }
}

/** The reset token, without the rest of the address: it must not stay in the history once read (issue 8). */
export function withoutToken(search: string): { token: string; search: string } {
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  params.delete('token');
  const rest = params.toString();
  return { token, search: rest ? `?${rest}` : '' };
}
