/** The studio's words for posts: statuses, visibilities, empty states and the editor's messages. */
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { PostStatus, PostVisibility } from '../../common/posts.ts';

export const STATUS_LABELS: Record<PostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

export const STATUS_FILTERS: readonly { status: PostStatus | undefined; label: string; countKey: 'all' | PostStatus }[] = [
  { status: undefined, label: 'All', countKey: 'all' },
  { status: 'draft', label: 'Drafts', countKey: 'draft' },
  { status: 'scheduled', label: 'Scheduled', countKey: 'scheduled' },
  { status: 'published', label: 'Published', countKey: 'published' },
];

export const VISIBILITY_LABELS: Record<PostVisibility, string> = { public: 'Public', members: 'Members', paid: 'Paid', tiers: 'Specific tiers' };

/** The choices the editor offers; `tiers` shows the site's tiers to pick from. */
export const VISIBILITY_CHOICES: readonly { value: PostVisibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Anyone can read the whole post.' },
  { value: 'members', label: 'Members', hint: 'Free and paying members read it all; everyone else sees the preview.' },
  { value: 'paid', label: 'Paid', hint: 'Paying members read it all; everyone else sees the preview.' },
  { value: 'tiers', label: 'Specific tiers', hint: 'Members of the tiers you tick read it all; everyone else sees the preview.' },
];

/** What the tier picker says about who will read the post. */
export function tiersAudience(names: readonly string[]): string {
  if (names.length === 0) return 'Tick at least one tier before you publish.';
  return `Members of ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} read it all.`;
}

export const EMPTY_STATES = {
  none: { heading: 'Write your first post', text: 'Share an update, a story or a tutorial. Drafts save as you type, and you publish when you are ready.' },
  draft: 'No drafts. Every post you start and have not published shows up here.',
  scheduled: 'Nothing scheduled. Pick a date and time in a post to publish it later.',
  published: 'Nothing published yet.',
  search: (query: string) => `No posts match “${query}”.`,
} as const;

/** The list's paging: how many of the matching posts are shown, and the button that shows more. */
export const LIST_PAGING = {
  shown: (shown: number, total: number) => (shown >= total ? (total === 1 ? '1 post' : `${total} posts`) : `Showing ${shown} of ${total} posts`),
  loadMore: 'Load more posts',
  failed: 'More posts could not be loaded. Try again.',
} as const;

export const SAVE_STATE_LABELS = {
  saved: 'Saved',
  saving: 'Saving…',
  failed: 'Not saved —',
  unsaved: 'Unsaved changes',
  new: 'Not saved yet',
} as const;

export const LEAVE_WARNING = 'You have unsaved changes. Leave anyway?';

/** What the editor says about a refused save, by code. */
export function postProblemMessage(code: ErrorCode): string {
  if (code === 'network-request-failed' || code === 'service-unavailable') return 'Could not reach the server. Your text is kept here; try again.';
  if (code === 'unauthenticated') return 'Your session ended. Sign in again in another tab, then retry: your text is kept here.';
  if (code === 'site-required') return 'Set up your site before writing posts.';
  if (code === 'internal-error' || code === 'invalid-input') return 'Something went wrong saving this post. Your text is kept here; try again.';
  return SERVER_MESSAGES[code];
}

export const TITLE_REQUIRED = 'Give your post a title before publishing it.';

/** Shown while a public post holds the members-only line: publishing it so is refused (`marker-needs-members`). */
export const MARKER_ON_PUBLIC_POST =
  'This post has a “Members only below this line” marker, but it is public. Choose who reads below the line (Members, Paid or Specific tiers) or remove the line before you publish.';

/** The posts list (/upload): its heading, the two empty screens, the filter and search, and its loading and failure. */
export const POSTS_PAGE = {
  title: 'Posts | Creator Platform',
  heading: 'Posts',
  newPost: 'New post',
  noSite: { heading: 'Set up your site first', text: 'Your posts live on your site. Choose its address and title, then come back to write.', action: 'Set up my site' },
  writeFirst: 'Write a post',
  filters: 'Show posts',
  search: 'Search posts',
  loading: 'Loading posts…',
  offline: 'Could not reach the server. Check your connection.',
  failed: 'Your posts could not be loaded.',
  tryAgain: 'Try again',
} as const;

/** The editor's page (/upload/posts/new, /upload/posts/:id) around the editor: its title and the post's loading. */
export const POST_EDITOR_PAGE = {
  title: (editing: boolean) => `${editing ? 'Edit post' : 'New post'} | Creator Platform`,
  heading: (editing: boolean) => (editing ? 'Edit post' : 'New post'),
  loading: 'Loading the post…',
  missing: 'This post does not exist. It may have been deleted.',
  backToPosts: 'Back to posts',
  failed: 'The post could not be loaded.',
  tryAgain: 'Try again',
} as const;

/** The editor's "Delete this post?" confirmation. */
export const DELETE_POST = {
  title: 'Delete this post?',
  warning: (title: string, published: boolean) => `“${title.trim() || 'Untitled'}” will be deleted for good. ${published ? 'It disappears from your site at once.' : ''}`,
  cancel: 'Cancel',
  confirm: 'Delete post',
} as const;

/** Unpublishing takes a live post off the site at once: the editor asks first (docs/decisions/149). */
export const UNPUBLISH_POST = {
  title: 'Unpublish this post?',
  warning: 'It leaves your site and its feed at once, and its address finds nothing until you publish it again. An e-mail of it still going out stops.',
  cancel: 'Keep it published',
  confirm: 'Unpublish',
} as const;
