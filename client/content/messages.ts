/** Copy of the inbox (/messages): the image picker of a reply, and the reply's own check. */

export const MEDIA_PICKER = {
  title: 'Attach an image',
  loading: 'Loading your images…',
  loadFailed: 'Your images could not be loaded.',
  empty: 'No images yet. Upload one under Upload content → Media, then attach it here.',
  cancel: 'Cancel',
} as const;

export const REPLY = {
  empty: 'Write a message first.',
} as const;
