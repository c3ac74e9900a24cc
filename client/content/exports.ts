/**
 * The words of /settings/export (DESIGN.md "Move in, move out"): what the
 * export holds, its states, and that its download link is the creator's alone
 * and short-lived.
 */
import type { ExportStatus } from '../../common/api/exports.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

export const EXPORT_COPY = {
  title: 'Export',
  intro:
    'Download everything your site is — posts, media originals, design, tiers, members, comments and your messages — as one .zip that another site on this platform can import.',
  cardTitle: 'Your site as one file',
  start: 'Export my site',
  starting: 'Starting…',
  working: 'Making your export… You can leave this page: it goes on without it.',
  linkNote: 'The download link is only for you and works for a few minutes: a fresh one is fetched each time you click.',
  failed: 'The export stopped.',
  earlierTitle: 'Earlier exports',
  earlierEmpty: 'No exports yet.',
  loading: 'Loading your exports…',
  pollLost: 'Lost touch with the server; still trying.',
  noSite: 'You have no site yet.',
  noSiteAfter: 'first: there is nothing to export before it.',
} as const;

export const EXPORT_STATUS_WORDS: Record<ExportStatus, string> = {
  queued: 'Waiting its turn',
  running: 'Being made',
  ready: 'Ready',
  failed: 'Stopped',
};

export function readyWords(date: string): string {
  return `Your export of ${date} is ready.`;
}

export function downloadLabel(size: string | undefined): string {
  return size ? `Download (${size})` : 'Download';
}

const EXPORT_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  'network-request-failed': 'Could not reach the server. Check your connection and try again.',
  'not-found': 'This export is no longer there. Make a new one.',
};

export function exportProblem(code: ErrorCode): string {
  return EXPORT_PROBLEMS[code] ?? SERVER_MESSAGES[code];
}
