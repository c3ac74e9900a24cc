/**
 * Words of the verify-email screen that SPEC.md leaves to us: the answer to
 * 'Resend email', and the problem a bad link reports through ?error=.
 */
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

export type ResendOutcome = { tone: 'success' | 'error'; message: string };

export function resendSucceeded(email: string): ResendOutcome {
  return { tone: 'success', message: `We sent a new verification email to ${email}.` };
}

export function resendFailed(code: ErrorCode): ResendOutcome {
  switch (code) {
    case 'too-many-requests':
      return { tone: 'error', message: 'You can ask for a new email once a minute. Please wait a moment and try again.' };
    case 'network-request-failed':
      return { tone: 'error', message: SERVER_MESSAGES['network-request-failed'] };
    case 'unauthenticated':
      return { tone: 'error', message: 'Your session has ended. Please sign in again.' };
    default:
      return { tone: 'error', message: "We couldn't send the email. Please try again later." };
  }
}

/** The server redirects a bad or expired verification link here with ?error=<code>. */
export function linkProblem(error: string | null): string | undefined {
  if (error === 'expired-token') return 'This verification link has expired. Send yourself a new one below.';
  if (error === 'invalid-token') return 'This verification link is not valid. Send yourself a new one below.';
  return undefined;
}
