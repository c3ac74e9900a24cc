/** Words of the editor's own parts, kept beside it (the page-level copy is client/content/posts.ts). */
export const MEMBERS_ONLY_LABEL = 'Members only below this line';
export const MEMBERS_ONLY_HINT = 'Everyone sees what is above it; members read the rest.';

export const MEDIA_KIND_LABELS = { image: 'Image', video: 'Video', audio: 'Audio', file: 'File' } as const;
export const MEDIA_KIND_PLURALS = { image: 'images', video: 'videos', audio: 'audio files', file: 'files' } as const;
