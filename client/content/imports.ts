/**
 * The words of /settings/import (DESIGN.md "Move in, move out"): each source's
 * name and where it makes its export, the dry run's counts, the phases of a
 * run, what a run made, and the undo question. Kept here so the page's files
 * stay layout and state.
 */
import type { ImportCounts, ImportPhase, ImportResult, ImportSource, ImportStatus } from '../../common/api/imports.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

export interface SourceGuide {
  label: string;
  /** Where the source makes the file, in its own menu names. */
  where: string;
  /** The file chooser's accept attribute. */
  accept: string;
}

export const SOURCE_GUIDES: Record<ImportSource, SourceGuide> = {
  substack: { label: 'Substack', where: 'Settings › Exports › Create a new export, then upload the .zip it mails you.', accept: '.zip,application/zip' },
  ghost: {
    label: 'Ghost',
    where: 'Settings › Advanced › Export content (.json), and Members › Export (.csv) for your members: upload either, or both in one .zip.',
    accept: '.json,.csv,.zip,application/json,text/csv,application/zip',
  },
  wordpress: { label: 'WordPress', where: 'Tools › Export › All content (.xml).', accept: '.xml,application/xml,text/xml' },
  patreon: { label: 'Patreon', where: 'Audience › Relationship manager › Export CSV.', accept: '.csv,text/csv' },
  mailchimp: { label: 'Mailchimp', where: 'Audience › Export audience (.zip or .csv).', accept: '.zip,.csv,application/zip,text/csv' },
  platform: { label: 'Another site on this platform', where: 'Settings › Export on the other site (.zip).', accept: '.zip,application/zip' },
};

export const IMPORT_COPY = {
  title: 'Import',
  intro: 'Bring your posts, members and paying subscribers from where you are now. Nothing is imported until you have checked the file and pressed Start import.',
  sourceLegend: 'Where from?',
  fileLabel: 'Export file',
  dropHint: 'Drop the file here, or',
  chooseFile: 'Choose a file',
  ghostUrlLabel: 'Your Ghost site’s address',
  ghostUrlHint: 'Like https://yourname.ghost.io: links inside your posts point there. A members CSV alone needs none.',
  ghostUrlMissing: 'Enter your Ghost site’s address, like https://yourname.ghost.io.',
  ghostUrlInvalid: 'Enter the whole address, starting with https://.',
  noFile: 'Choose the export file first.',
  check: 'Check the file',
  checking: 'Checking…',
  uploadLabel: 'Upload of the file',
  reviewTitle: 'What this file holds',
  nothingToImport: 'This file holds nothing to import: no posts, no members and no files. Check that it is the right export.',
  tiersTitle: 'Which of your tiers?',
  tiersIntro: 'Members on each of these plans join the tier you choose here.',
  paidTierOnly: 'They pay through Stripe, so they join a paid tier: their subscriptions go on as they are.',
  paidTierFirst: 'They pay through Stripe and would come in free. Make a paid tier first, in Settings › Advanced, then check the file again.',
  invitePatrons: 'E-mail active patrons an invitation to subscribe here',
  invitePatronsHint: 'Patreon cannot move payments: active patrons come in comped until their next charge date.',
  problemsTitle: 'Problems found',
  start: 'Start import',
  starting: 'Starting…',
  another: 'Choose another file',
  runningTitle: 'Importing',
  progressLabel: 'Import progress',
  pollLost: 'Lost touch with the server; still trying. The import goes on without this page.',
  doneTitle: 'Import finished',
  failedTitle: 'The import stopped',
  undoneTitle: 'Import undone',
  runProblemsTitle: 'Problems found while importing',
  undoKeptTitle: 'What the undo kept',
  seePosts: 'See your posts',
  seeMembers: 'See your members',
  undo: 'Undo import',
  undoQuestion: 'Undo this import?',
  undoBody: 'The posts, members and files it added are removed, except members who pay through Stripe and posts changed since. Newsletters it turned off for members you had go back on. What was already on your site stays.',
  undone: 'The import was undone.',
  earlierTitle: 'Earlier imports',
  earlierEmpty: 'No imports yet.',
  loading: 'Loading your imports…',
  noSite: 'You have no site yet.',
  noSiteAfter: 'first: what you import goes into it.',
} as const;

export const STATUS_WORDS: Record<ImportStatus, string> = {
  planned: 'Checked, not started',
  running: 'Running',
  done: 'Done',
  failed: 'Stopped',
  undone: 'Undone',
};

const numbers = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numbers.format(value);
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The dry run's counts, one line each, in the order the creator cares about. */
export function countLines(counts: ImportCounts): string[] {
  const lines = [
    plural(counts.posts, 'post', 'posts'),
    plural(counts.members, 'member', 'members'),
    `${plural(counts.paidMembers, 'paying member', 'paying members')}`,
    plural(counts.files, 'image or file to copy', 'images and files to copy'),
  ];
  if (counts.comments !== undefined) lines.push(plural(counts.comments, 'comment', 'comments'));
  return lines;
}

/** Whether the file holds anything at all: an empty export offers only another file. */
export function hasAnythingToImport(counts: ImportCounts): boolean {
  return counts.posts + counts.members + counts.paidMembers + counts.files + (counts.comments ?? 0) > 0;
}

/** What a finished run made; the zeros are left out, as a rerun of the same file makes nothing. */
export function resultLines(result: ImportResult): string[] {
  const lines = [
    result.posts > 0 && plural(result.posts, 'post', 'posts'),
    result.members > 0 && plural(result.members, 'member', 'members'),
    result.linkedSubscriptions > 0 && plural(result.linkedSubscriptions, 'subscription linked on Stripe', 'subscriptions linked on Stripe'),
    result.compedPatrons > 0 && plural(result.compedPatrons, 'patron comped', 'patrons comped'),
    result.files > 0 && plural(result.files, 'image or file copied', 'images and files copied'),
    result.redirects > 0 && plural(result.redirects, 'old address redirected', 'old addresses redirected'),
    result.comments > 0 && plural(result.comments, 'comment', 'comments'),
  ];
  return lines.filter((line): line is string => typeof line === 'string');
}

/** What a finished run says first. */
export function doneSummary(made: readonly string[]): string {
  return made.length > 0 ? `Imported: ${made.join(', ')}.` : 'Nothing new: everything in this file was already on your site.';
}

export function undoUntilWords(date: string): string {
  return `You can undo it until ${date}.`;
}

/** One line for a finished run in the earlier imports' list. */
export function resultSummary(result: ImportResult | null): string {
  if (!result) return '—';
  const lines = resultLines(result);
  return lines.length > 0 ? lines.join(', ') : 'Nothing new';
}

const PHASE_WORDS: Record<ImportPhase, string> = {
  members: 'Copying members…',
  posts: 'Copying posts…',
  files: 'Copying images and files…',
  comments: 'Copying comments…',
  finishing: 'Finishing…',
};

/**
 * The phase in words with how far the whole run is: "Copying members… 12% done".
 * A percentage, not "1,200 of 50,000": the progress counts steps of the whole
 * run (members in slices of a thousand, then a post each), not members.
 */
export function phaseWords(phase: ImportPhase, percent?: number): string {
  if (phase === 'finishing' || percent === undefined) return PHASE_WORDS[phase];
  return `${PHASE_WORDS[phase]} ${percent}% done`;
}

/** The problems shown at once; the rest are counted. */
export const PROBLEMS_SHOWN = 100;

export function moreProblems(hidden: number): string {
  return `and ${plural(hidden, 'more problem', 'more problems')}`;
}

/** A file bigger than the import takes, said before anything is sent. */
export function tooBig(limit: string): string {
  return `This file is larger than ${limit}, the most an import takes.`;
}

/** Why a request of the import was refused, in words about importing; `invalid-import` says what the server found. */
const IMPORT_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  'network-request-failed': 'Could not reach the server. Check your connection and try again.',
  'payload-too-large': 'This file is larger than the server takes.',
  'invalid-input': 'Something in the form is missing. Check the source and the file and try again.',
  // A site keeps one planned import: a newer check (in another tab) replaced this one.
  'not-found': 'This import is no longer there: a newer file was checked since. Choose the file again.',
  'too-many-requests': 'You have checked many files in the last hour. Wait a while, then try again.',
};

export function importProblem(code: ErrorCode, detail?: string): string {
  if (code === 'invalid-import' && detail) return detail;
  return IMPORT_PROBLEMS[code] ?? SERVER_MESSAGES[code];
}
