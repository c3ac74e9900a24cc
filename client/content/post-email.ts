/**
 * The words of the post editor's e-mail panel: its choices, its progress once the post goes out, the test, the preview,
 * and the question asked before a post is e-mailed, since an e-mail cannot be unsent (docs/decisions/149).
 */
import type { EmailVariant, PostEmailAnswer } from '../../common/email.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const EMAIL_PANEL = {
  heading: 'E-mail',
  notSaved: 'Write a title or a few words first; the post can be e-mailed once it is saved.',
  loadFailed: 'Could not load the e-mail settings.',
  loading: 'Loading the e-mail settings…',
  publishedWithout: 'This post was published without an e-mail. You can e-mail it once, now.',
  sendLater: 'E-mail this post',
  checkFailed: 'Could not check who this post is e-mailed to. Try again.',
  startedOn: (when: string) => `Sent on ${when}.`,
  legend: 'E-mail this post to',
  nobody: 'Nobody',
  reaches: (count: number) => `${plural(count, 'member')} will get it.`,
  audienceHint: 'Members with a confirmed address who get your e-mails.',
  whenScheduled: 'It goes out at the scheduled time.',
  whenDraft: 'It goes out when you publish.',
  replyToCreator: 'Replies come to my e-mail address',
  sendTest: 'Send a test to me',
  testSent: (to: string) => `Test sent to ${to}.`,
  preview: 'Preview the e-mail',
} as const;

export function progressText(state: PostEmailAnswer): string {
  const { queued, sent, failed, skipped } = state.counts;
  const extras = [failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : ''].filter(Boolean).join(', ');
  switch (state.status) {
    case 'planning':
      return 'Preparing the e-mail…';
    case 'sending':
      return `Sending: ${sent} of ${queued} sent${extras ? ` (${extras})` : ''}.`;
    case 'sent':
      return `E-mailed to ${plural(sent, 'member')}${extras ? ` (${extras})` : ''}.`;
    case 'cancelled':
      return `Stopped when the post was unpublished: ${sent} of ${queued} sent.`;
    default:
      return '';
  }
}

export const EMAIL_PREVIEW = {
  title: 'E-mail preview',
  choices: 'Show the e-mail of',
  variants: [
    { value: 'full', label: 'Members who can read it' },
    { value: 'upgrade', label: 'Members it is not for' },
  ] as readonly { value: EmailVariant; label: string }[],
  subject: (subject: string) => `Subject: ${subject}`,
  failed: 'Could not load the preview.',
  loading: 'Loading the preview…',
  frameTitle: 'The e-mail as members get it',
  close: 'Close',
} as const;

/** "Send to N members?": asked before publishing a post that is to be e-mailed, and before e-mailing a live post. */
export const SEND_CONFIRM = {
  title: (count: number) => `Send to ${plural(count, 'member')}?`,
  publishing: (count: number, segment: string) =>
    `The post is published on your site now and e-mailed to ${plural(count, 'member')} (${segment.toLowerCase()}). An e-mail cannot be unsent.`,
  later: (count: number, segment: string) => `The post is e-mailed to ${plural(count, 'member')} (${segment.toLowerCase()}) now. An e-mail cannot be unsent, and a post is e-mailed once.`,
  nobody: 'Nobody in this group gets your e-mails yet, so no e-mail goes out; the post is marked as e-mailed all the same.',
  publish: 'Publish and send',
  send: 'Send e-mail',
  cancel: 'Cancel',
} as const;
