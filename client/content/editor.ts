/** Words of the editor's own parts, kept beside it (the page-level copy is client/content/posts.ts). */
export const MEMBERS_ONLY_LABEL = 'Members only below this line';
export const MEMBERS_ONLY_HINT = 'Everyone sees what is above it; members read the rest.';

export const MEDIA_KIND_LABELS = { image: 'Image', video: 'Video', audio: 'Audio', file: 'File' } as const;
export const MEDIA_KIND_PLURALS = { image: 'images', video: 'videos', audio: 'audio files', file: 'files' } as const;

/** What the editor says about files pasted, dropped or uploaded into a post, and about their uploads in place. */
export const EDITOR_UPLOAD_COPY = {
  wrongKind: (name: string, plural: string) => `“${name}” was not added: only ${plural} can go here.`,
  notImage: (name: string) => `“${name}” was not added: it is not an image (JPEG, PNG, WebP, GIF or AVIF).`,
  empty: (name: string) => `“${name}” was not added: the file is empty.`,
  tooLarge: (name: string, limit: string) => `“${name}” was not added: it is larger than the ${limit} upload limit.`,
  refused: (name: string, reason: string) => `“${name}” was not added. ${reason}`,
  uploading: (name: string) => `Uploading ${name}`,
  retrying: (name: string) => `Connection lost while uploading ${name}. Trying again…`,
  paused: (name: string) => `Upload of ${name} paused.`,
  failed: (name: string) => `${name} could not be uploaded.`,
  placed: (name: string) => `${name} uploaded and placed in the post.`,
  leaveWhileUploading: 'Pictures are still uploading into this post. Leave anyway? They will finish in your media library, not in the post.',
  tryAgain: 'Try again',
  remove: 'Remove',
  progressLabel: (name: string) => `Upload of ${name}`,
  chooseUpload: 'Upload from your device',
  uploadHint: (accepted: string, limit: string) => `${accepted}, up to ${limit}. Uploads also go to your media library.`,
  processing: 'Processing… the post shows the picture once it is ready.',
  altLabel: 'Alt text',
  altPlaceholder: 'Describe the picture',
} as const;

/** The types a picker's upload accepts, in words. */
export const MEDIA_KIND_ACCEPTED = {
  image: 'JPEG, PNG, WebP, GIF or AVIF images',
  video: 'MP4, MOV or WebM videos',
  audio: 'MP3, M4A, WAV, OGG or FLAC audio',
  file: 'PDF files',
} as const;
