/**
 * /api/imports (DESIGN.md "Release 4" > "Move in, move out"): a creator moves a
 * site in from Substack, Ghost, WordPress, Patreon, Mailchimp or this
 * platform's own export. Every import first runs dry (counts, the source's
 * plans to map to our tiers, problems in plain words), then runs in the queue
 * with progress, and can be undone for 30 days.
 */
import { endpoint } from './endpoint.ts';

export const IMPORT_SOURCES = ['substack', 'ghost', 'wordpress', 'patreon', 'mailchimp', 'platform'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ['planned', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest file an import takes: a Substack or Mailchimp zip, a Ghost JSON, a WXR, a CSV, or our own export with its media. */
export const IMPORT_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** How long after it ran an import can be undone. */
export const IMPORT_UNDO_DAYS = 30;

export interface ImportCounts {
  posts: number;
  members: number;
  /** Members who pay at the source (a paid subscription, an active patron). */
  paidMembers: number;
  /** Images and files the posts link to on the source's hosts, to copy into the media library. */
  files: number;
  /** Our own export only: its comments. */
  comments?: number;
}

/** A plan, tier or price at the source, which the creator maps to one of our tiers. */
export interface ImportTierChoice {
  /** The key `tierMap` uses: a Stripe price id, a Patreon tier's name, a Ghost tier's name. */
  source: string;
  /** In the creator's words: "Monthly, $5.00 (Stripe price_123)", "Gold patrons". */
  label: string;
  /** How many members of the file are on it. */
  members: number;
  /** Our tier the dry run suggests (same name, else same price, else the first paid tier); null when there is none. */
  suggestedTierId: string | null;
  /**
   * Its members pay through Stripe (the plan is a Stripe price): only a paid tier takes them, as on the free tier
   * they would come in unlinked while Stripe goes on billing them. The run refuses a map that puts it on the free tier.
   */
  paidThroughStripe: boolean;
}

/** The `where` of the lines an undo adds, saying what it kept: the page shows them apart from the problems. */
export const UNDO_KEPT_WHERE = 'Undo';

export interface ImportProblem {
  /** Where, in the creator's words: "posts.csv line 14", "Post “Hello”" (a file that fails is named with its post). */
  where: string;
  /** What is wrong there: "It has no body, so it is not imported.", "Image https://…/a.png: The server answered 404." */
  message: string;
}

export const IMPORT_PHASES = ['members', 'posts', 'files', 'comments', 'finishing'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export interface ImportProgress {
  phase: ImportPhase;
  /** Steps done and to do over the whole run (members count in slices, posts and files one each). */
  done: number;
  total: number;
}

/** What a run made: counted from what it recorded, so a second run of the same file shows zeros. */
export interface ImportResult {
  posts: number;
  members: number;
  linkedSubscriptions: number;
  compedPatrons: number;
  files: number;
  redirects: number;
  comments: number;
}

export interface ImportView {
  id: string;
  source: ImportSource;
  status: ImportStatus;
  fileName: string;
  counts: ImportCounts;
  tiers: ImportTierChoice[];
  problems: ImportProblem[];
  /** Set while running and after. */
  progress: ImportProgress | null;
  result: ImportResult | null;
  /** ISO; the import was made (dry run). */
  createdAt: string;
  /** ISO; set once it finished. */
  finishedAt: string | null;
  /** ISO; until when "Undo" is offered; null when it cannot be undone (not run, already undone). */
  undoUntil: string | null;
  /** Why a failed import stopped, in plain words. */
  failure: string | null;
}

/** The multipart fields of `POST /api/imports` beside `file`. */
export interface ImportUploadFields {
  source: ImportSource;
  /** Ghost: the old site's address, against which `__GHOST_URL__` links are resolved. */
  sourceUrl?: string;
}

export interface ImportRunInput {
  /** Source plan key → our tier id; a plan left out falls back to the dry run's suggestion. */
  tierMap?: Record<string, string>;
  /** Patreon: mail active patrons an invitation to subscribe here. */
  invitePatrons?: boolean;
}

/** The multipart body is built by the client (FormData); 400 `invalid-import` names the line or entry in plain words. */
export const createImport = endpoint<FormData, undefined, { import: ImportView }>('POST', '/api/imports');
export const listImports = endpoint<undefined, undefined, { imports: ImportView[] }>('GET', '/api/imports');
export const getImport = endpoint<undefined, undefined, { import: ImportView }>('GET', '/api/imports/:id');
export const runImport = endpoint<ImportRunInput, undefined, { import: ImportView }>('POST', '/api/imports/:id/run');
export const undoImport = endpoint<undefined, undefined, { import: ImportView }>('POST', '/api/imports/:id/undo');
