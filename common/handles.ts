/** A site's public handle (DESIGN.md "The creator's site"): the rule both the studio's live check and the server apply. */

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
const HANDLE_SHAPE = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

/** Words a handle may not be: the platform's own paths and names that would mislead readers. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'about', 'account', 'admin', 'administrator', 'api', 'app', 'assets', 'auth', 'billing', 'blog', 'contact',
  'dashboard', 'docs', 'domain', 'help', 'home', 'join', 'login', 'logout', 'mail', 'media', 'messages', 'new',
  'onboarding', 'platform', 'preview', 'preview-page', 'privacy', 'privacy-policy', 'root', 'rss', 'settings',
  'signup', 'sitemap', 'static', 'staff', 'status', 'subscribers', 'support', 'system', 'terms', 'terms-conditions',
  'upload', 'uploads', 'verify-email', 'what-you-get', 'webhooks', 'www',
]);

export type HandleProblem = 'too-short' | 'too-long' | 'bad-characters' | 'reserved';

/** Lowercases and trims what a creator typed; the handle itself is always lowercase. */
export function normaliseHandle(input: string): string {
  return input.trim().toLowerCase();
}

/** Text that could be some site's handle (older handles may predate a rule, so only the characters and length): anything else needs no lookup. */
export function looksLikeHandle(text: string): boolean {
  return text.length >= HANDLE_MIN_LENGTH && text.length <= HANDLE_MAX_LENGTH && /^[a-z0-9-]+$/.test(text);
}

export function handleProblem(handle: string): HandleProblem | undefined {
  if (handle.length < HANDLE_MIN_LENGTH) return 'too-short';
  if (handle.length > HANDLE_MAX_LENGTH) return 'too-long';
  if (!HANDLE_SHAPE.test(handle) || handle.includes('--')) return 'bad-characters';
  if (RESERVED_HANDLES.has(handle)) return 'reserved';
  return undefined;
}
