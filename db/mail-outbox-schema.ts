/**
 * The mail outbox of DESIGN.md "Data": every mail the server sends waits here
 * as a template name and its parameters until a worker renders and sends it
 * (server/mail). db/schema.ts exports it with the account tables.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const MAIL_TEMPLATES = ['verify-email', 'reset-password', 'password-changed', 'domain-live', 'domain-broken', 'support-request', 'message-waiting', 'messages-digest', 'new-member', 'new-members-digest', 'confirm-email-change', 'email-change-requested', 'email-change-taken', 'join-site', 'site-sign-in', 'patron-invitation', 'account-deletion-code', 'product-receipt', 'gift-received', 'gift-receipt', 'gift-ending', 'new-sale'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
/** Every template renders from its user's row at send time, so the row carries no text of its own. */
export interface MailParams {
  userId: string;
  /** The site a member joined when the mail was asked for: their verification mail names it (a paid join has no membership yet). */
  siteId?: string;
  /** A `support-request` mail: the request it carries (db/reports-schema.ts support_requests). */
  supportRequestId?: string;
  /** The conversation an unread-message notice links to (server/messaging/message-notices.ts). */
  conversationId?: string;
  /** A `new-member` notice: the membership it is about, and whether the news is that they started paying (server/member-notices). */
  membershipId?: string;
  paying?: boolean;
  /** A `new-members-digest`: the UTC day (YYYY-MM-DD) it sums up. */
  day?: string;
  /** An e-mail change: the address asked for (the notice to the old address names it). */
  newEmail?: string;
  /** A `password-changed` notice after a change made signed in: that session stayed, the others ended (a reset ends them all). */
  keptSession?: boolean;
  /** A gift's mail (server/gifts/): the gift it is about; its redeem code is made when the mail is sent. */
  giftId?: string;
  /** A `product-receipt` (its download token is made when the mail is sent) or the creator's `new-sale` notice: the sale it is about. */
  saleId?: string;
  /** The loopback origin of the request that asked for the mail; its links use it if the server accepts it (server/mail/link-origin.ts). */
  linkOrigin?: string;
}

/** `cancelled`: the mail was no longer needed when its turn came (an address already verified, an account gone). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Which mail to render at send time from `params`: the row never holds a body or a link (docs/decisions/020-mail-rendered-at-send-time.md). */
    template: text('template').$type<MailTemplate>().notNull(),
    params: jsonb('params').$type<MailParams>().notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Also the end of the lease while a worker holds the mail. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The worker claim now holding the mail; only that claim may extend its lease or settle it. */
    claimId: text('claim_id'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);
