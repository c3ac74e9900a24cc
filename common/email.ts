/** E-mail to members (DESIGN.md "Release 3"), shared by client and server. */
/** Who a post is e-mailed to: every member, free members or paying members. */
export const EMAIL_SEGMENTS = ['all', 'free', 'paid'] as const;
export type EmailSegment = (typeof EMAIL_SEGMENTS)[number];

/** waiting: chosen, the post not published yet; planning: publishing wrote nothing yet; sending; sent; cancelled (unpublished mid-send). */
export const EMAIL_SEND_STATUSES = ['waiting', 'planning', 'sending', 'sent', 'cancelled'] as const;
export type EmailSendStatus = (typeof EMAIL_SEND_STATUSES)[number];

export const EMAIL_RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type EmailRecipientStatus = (typeof EMAIL_RECIPIENT_STATUSES)[number];

/** What the access rule lets a recipient read: the whole post, or the preview with a call to join or to upgrade. */
export const EMAIL_VARIANTS = ['full', 'join', 'upgrade'] as const;
export type EmailVariant = (typeof EMAIL_VARIANTS)[number];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
export type RenderedVariants = Partial<Record<EmailVariant, RenderedMail>>;

/** `PATCH /api/posts/:id` `{email}` once parsed (common/post-schemas.ts): send with publishing, or not. */
export interface PostEmailChoice {
  send: boolean;
  segment: EmailSegment;
  replyToCreator: boolean;
}

/** `GET /api/posts/:id/email`. */
export interface PostEmailAnswer {
  /** null: the post is not to be e-mailed. */
  choice: { segment: EmailSegment; replyToCreator: boolean } | null;
  status: EmailSendStatus | null;
  /** When the post went out by e-mail (ISO); null while it has not. */
  startedAt: string | null;
  counts: { queued: number; sent: number; failed: number; skipped: number };
  /** How many members each segment reaches now (verified, subscribed, not disabled). */
  audience: Record<EmailSegment, number>;
}

export const SEGMENT_LABELS: Record<EmailSegment, string> = {
  all: 'All members',
  free: 'Free members',
  paid: 'Paying members',
};
