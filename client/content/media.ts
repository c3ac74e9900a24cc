/** Copy of the media library (/upload/media) and its upload queue (ISSUE9 item 4). */
import type { MediaKind } from '../../common/media.ts';

export const MEDIA_PAGE = {
  title: 'Media',
  intro: 'Images, audio, video, PDFs and zips for your posts and products. Uploads continue if your connection drops, and can be resumed after a reload.',
  dropHint: 'Drag and drop files here, or',
  chooseFiles: 'Choose files',
  accepted: 'Images (JPEG, PNG, WebP, GIF, AVIF), video (MP4, MOV, WebM), audio (MP3, M4A, WAV, OGG, FLAC), PDF and zip',
  uploadsHeading: 'Uploads',
  libraryHeading: 'Library',
  searchLabel: 'Search by file name',
  kindLabel: 'Type',
  allKinds: 'All types',
  loading: 'Loading your media...',
  loadFailed: 'Your media could not be loaded.',
  siteRequired: 'Set up your site first: your media library belongs to it.',
  setUpSite: 'Set up your site',
  retry: 'Try again',
  emptyLibrary: 'No media yet. Upload your first image, audio file, video, PDF or zip above.',
  emptyMatches: 'Nothing matches this search.',
} as const;

export const KIND_LABELS: Readonly<Record<MediaKind, string>> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
};

export const KIND_FILTER_LABELS: Readonly<Record<MediaKind, string>> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  file: 'PDFs and zips',
};

export const UPLOAD_COPY = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  retry: 'Try again',
  dismiss: 'Dismiss',
  waiting: 'Starting...',
  paused: 'Paused',
  done: 'Uploaded, now processing',
  cancelled: 'Cancelled',
  offline: 'Connection lost. Retrying...',
  continued: 'Continues where it stopped',
  previousHeading: 'Unfinished uploads from your last visit',
  previousHelp:
    'Your browser cannot reopen a file by itself. Choose the same file again and the upload continues where it stopped, without sending the finished part twice.',
  previousChoose: 'Choose this file again',
  previousDiscard: 'Discard',
} as const;

export const REFUSAL_COPY = {
  type: 'This type of file cannot be uploaded. Choose an image, video, audio file or PDF.',
  empty: 'This file is empty.',
  duplicate: 'This file is already uploading.',
  tooLarge: (limit: string) => `This file is larger than the ${limit} limit.`,
  wrongFile: (expected: string) => `This is not the file of the unfinished upload. Choose "${expected}".`,
} as const;

export const UPLOAD_FAILURE_COPY = {
  tooLarge: 'The server refused this file: it is larger than the upload limit.',
  storageFull: "Your site's storage is full: this file does not fit in the room left. Delete files you no longer need from your library below, then try again.",
  refusedType: 'The server refused this file: its type is not accepted.',
  siteRequired: 'Set up your site first: your media belongs to it.',
  signedOut: 'Your session has ended. Sign in again, then choose the file again to continue.',
  offline: 'You are offline. The upload continues by itself when you are back online.',
  network: 'The upload stopped: the connection was lost. Try again to continue where it stopped.',
  other: 'The upload failed. Try again to continue where it stopped.',
} as const;

export const STATUS_COPY = {
  uploading: 'Uploading',
  processing: (progress: number) => `Processing ${progress}%`,
  ready: 'Ready',
  failed: (reason: string | null) => (reason ? `Failed: ${reason}` : 'Failed'),
} as const;

export const DETAILS_COPY = {
  close: 'Close',
  altLabel: 'Alt text',
  altHelp: 'Describe the image for people who cannot see it. Leave empty if it is only decoration.',
  altSave: 'Save alt text',
  altSaved: 'Alt text saved.',
  altFailed: 'The alt text could not be saved. Please try again.',
  openPdf: 'Open the PDF',
  notReady: 'The preview appears when processing has finished.',
  usedBy: (count: number) => (count === 1 ? 'Used in 1 post' : `Used in ${count} posts`),
  delete: 'Delete',
} as const;

export const DELETE_COPY = {
  title: (name: string) => `Delete "${name}"?`,
  body: 'The file and everything made from it are deleted for good. This cannot be undone.',
  confirm: 'Delete for good',
  cancel: 'Keep it',
  inUse: 'This file is used in a post. Remove it from every post that uses it, then delete it.',
  notFound: 'This file was already deleted.',
  failed: 'The file could not be deleted. Please try again.',
  deleted: (name: string) => `"${name}" was deleted.`,
  /** A failed file goes in one step: nothing was made from it and no post can use it. */
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}, which failed`,
  removed: (name: string) => `"${name}" was removed.`,
} as const;

export const PLAYER_COPY = {
  videoFailed: 'This video cannot be played in this browser.',
  audioFailed: 'This audio cannot be played in this browser.',
} as const;
