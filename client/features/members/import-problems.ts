import type { ErrorCode } from '../../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';

/** Why an import was refused, in words about importing; codes the import has no words of its own for read as anywhere else. */
const IMPORT_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  'network-request-failed': 'Could not reach the server. Check your connection.',
  'invalid-input': 'The file could not be read with this mapping. Check the e-mail column and try again.',
  'payload-too-large': 'The file is too large to import at once. Split it into smaller files.',
  'member-stripe-unavailable': 'Stripe could not be reached to look up subscriptions. Nothing was imported; try again shortly.',
};

export function importProblem(code: ErrorCode): string {
  return IMPORT_PROBLEMS[code] ?? SERVER_MESSAGES[code];
}
