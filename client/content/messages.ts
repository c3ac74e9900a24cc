/** Copy of the inbox (/messages): the image picker of a reply, the reply's own check, and the question before blocking a member. */

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

/** Blocking a member tells them, so the inbox asks first (docs/decisions/149). */
export const BLOCK_MEMBER = {
  title: (name: string | undefined) => `Block ${name ?? 'this member'}?`,
  text: 'They can no longer write to you or comment on your posts, and they are told you are not taking messages. You can unblock them at any time.',
  confirm: 'Block',
  done: 'Blocked. They are told you are not taking messages.',
} as const;
