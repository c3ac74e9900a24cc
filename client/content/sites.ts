/** The studio's words about a creator's site: the wizard, site settings and the overview share them. */
import type { HandleAvailability } from '../../common/api/sites.ts';
import type { ErrorCode } from '../../common/error-codes.ts';

export const HANDLE_PROBLEM_MESSAGES: Record<NonNullable<HandleAvailability['problem']>, string> = {
  'too-short': 'Use at least 3 characters.',
  'too-long': 'Use at most 30 characters.',
  'bad-characters': 'Use lowercase letters, numbers and single hyphens, starting and ending with a letter or number.',
  reserved: 'That word is reserved by the platform. Please pick another.',
  taken: 'Someone already has that handle. Please pick another.',
};

export const SITE_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  'invalid-handle': HANDLE_PROBLEM_MESSAGES['bad-characters'],
  'handle-taken': HANDLE_PROBLEM_MESSAGES.taken,
  'site-required': 'Choose your handle first: your site starts there.',
  'not-found': 'That image is not in your library any more. Please choose it again.',
  'invalid-input': 'Please check this field.',
  'missing-niche': 'Please select your niche.',
  'missing-custom-niche': 'Please specify your niche.',
  'network-request-failed': 'Network error. Please check your connection.',
  'too-many-requests': 'Too many attempts. Please wait a moment and try again.',
};
export const SITE_ERROR_FALLBACK = 'Something went wrong. Please try again.';

/** Under the colour in Settings: the site has one colour and one logo, which its design holds (docs/decisions/142). */
export const ONE_BRAND_NOTE = {
  colour: 'Your site’s one colour: its pages, its e-mails to members and its design all use it. Saving it here changes your published design too.',
  logoBefore: 'Your logo is part of your design: choose it in ',
  logoLink: 'Customize site',
  logoAfter: '.',
};

export function siteErrorMessage(code: ErrorCode): string {
  return SITE_ERROR_MESSAGES[code] ?? SITE_ERROR_FALLBACK;
}

/** Colours that carry white text at WCAG AA; the first is the platform's default. */
export const BRAND_COLOR_PRESETS = [
  { name: 'Violet', value: '#6d28d9' },
  { name: 'Ocean', value: '#1d4ed8' },
  { name: 'Teal', value: '#0f766e' },
  { name: 'Forest', value: '#15803d' },
  { name: 'Ember', value: '#c2410c' },
  { name: 'Rose', value: '#be123c' },
  { name: 'Ink', value: '#1f2937' },
] as const;

export const IMAGE_UPLOAD_MESSAGES = {
  notAnImage: 'Please choose a JPEG, PNG, WebP or GIF image.',
  unreadable: 'This image could not be opened. Please try another file.',
  uploadFailed: 'The upload did not finish. Check your connection and try again.',
  noUploads: 'Uploads are not available on this server yet. You can skip this step and add images later in Settings.',
} as const;

/** The overview's notice while the operator has the site suspended (docs/decisions/124). */
export const SUSPENSION_COPY = {
  title: 'Your site is suspended',
  body: 'The operator of this platform has taken your site down. Until they restore it, its pages, feeds and files answer “gone”, members cannot comment or write to you, and nothing is e-mailed to them. Your studio stays open: your posts, members and messages are all here.',
  reason: 'The operator’s words:',
  contact: 'Ask support why',
} as const;
