/**
 * Tables of DESIGN.md "Release 3" > "E-mail to members": a post's one send,
 * its recipients (unique per send and member, so a member gets a post once
 * whatever crashes or however many servers), the addresses a permanent SMTP
 * failure stopped, and the per-second slots that hold EMAIL_RATE_PER_SECOND
 * over all servers (docs/decisions/090-newsletter-sends.md, 091).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_SEGMENTS, EMAIL_SEND_STATUSES, EMAIL_RECIPIENT_STATUSES, EMAIL_VARIANTS, type RenderedVariants } from '../common/email.ts';
import { DEFAULT_MEMBER_NOTICES, MEMBER_NOTICE_CHOICES, MEMBER_NOTICE_KINDS } from '../common/member-notices.ts';
import { memberships, posts, sites } from './content-schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Our own constants, never input: inlined so the constraint reads plainly in psql. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

export const emailSends = pgTable(
  'email_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique: a post is e-mailed at most once. */
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    segment: text('segment', { enum: EMAIL_SEGMENTS }).notNull(),
    /** Whether replies go to the creator's own address. */
    replyToCreator: boolean('reply_to_creator').notNull().default(false),
    status: text('status', { enum: EMAIL_SEND_STATUSES }).notNull().default('waiting'),
    /** Each access variant's mail, rendered once when the send is planned; only the unsubscribe link differs per recipient. */
    rendered: jsonb('rendered').$type<RenderedVariants>(),
    queued: integer('queued').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    uniqueIndex('email_sends_post_unique').on(table.postId),
    index('email_sends_site_idx').on(table.siteId, table.createdAt),
    check('email_sends_segment_check', oneOf('segment', EMAIL_SEGMENTS)),
    check('email_sends_status_check', oneOf('status', EMAIL_SEND_STATUSES)),
  ],
);

export const emailRecipients = pgTable(
  'email_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: EMAIL_VARIANTS }).notNull(),
    status: text('status', { enum: EMAIL_RECIPIENT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** While a server holds the row: its claim and when the hold lapses (a dead server's rows come back then). */
    claimId: uuid('claim_id'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    error: text('error'),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [
    uniqueIndex('email_recipients_send_member_unique').on(table.sendId, table.membershipId),
    index('email_recipients_pending_idx').on(table.sendId, table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('email_recipients_variant_check', oneOf('variant', EMAIL_VARIANTS)),
    check('email_recipients_status_check', oneOf('status', EMAIL_RECIPIENT_STATUSES)),
  ],
);

/** A member's address the SMTP server refused for good: no more mail from this site until the creator clears it. */
export const emailDisabledMembers = pgTable('email_disabled_members', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  disabledAt: timestamptz('disabled_at').notNull().defaultNow(),
});

/** Newsletter messages handed to SMTP in one wall-clock second (the database's), over all servers. */
export const emailRateSlots = pgTable('email_rate_slots', {
  second: bigint('second', { mode: 'number' }).primaryKey(),
  taken: integer('taken').notNull(),
  /** What the last take of this second was granted: an upsert can only return the new row. */
  lastGrant: integer('last_grant').notNull(),
});

/**
 * The creator's welcome mail: its text, and since when it is on (members who
 * joined before are not welcomed after the fact); and how the creator hears
 * of new members and new paying members (docs/decisions/106). A site without
 * a row has the defaults.
 */
export const siteEmailSettings = pgTable(
  'site_email_settings',
  {
    siteId: uuid('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    welcomeText: text('welcome_text').notNull().default(''),
    /** Null: no welcome mail. */
    welcomeSince: timestamptz('welcome_since'),
    newMemberNotice: text('new_member_notice', { enum: MEMBER_NOTICE_CHOICES }).notNull().default(DEFAULT_MEMBER_NOTICES.newMember),
    newPayingMemberNotice: text('new_paying_member_notice', { enum: MEMBER_NOTICE_CHOICES }).notNull().default(DEFAULT_MEMBER_NOTICES.newPayingMember),
  },
  () => [check('site_email_settings_new_member_check', oneOf('new_member_notice', MEMBER_NOTICE_CHOICES)), check('site_email_settings_new_paying_check', oneOf('new_paying_member_notice', MEMBER_NOTICE_CHOICES))],
);

/**
 * News for the creator's notices: a membership began (`member`) or a member
 * started paying (`paying`), written in the transaction that made it (a free
 * join, a paid join's webhook), never by an import. The daily digest reads a
 * day of these (docs/decisions/106).
 */
export const memberNoticeEvents = pgTable(
  'member_notice_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEMBER_NOTICE_KINDS }).notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
  },
  (table) => [index('member_notice_events_site_idx').on(table.siteId, table.occurredAt), check('member_notice_events_kind_check', oneOf('kind', MEMBER_NOTICE_KINDS))],
);

/** A site's digest of one UTC day, taken before its mail is queued: one per site and day, whatever server or rerun takes it. */
export const memberNoticeDigests = pgTable(
  'member_notice_digests',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day] })],
);

/** A membership's welcome, taken before it is sent: at most one per membership, whatever runs the job. */
export const emailWelcomes = pgTable('email_welcomes', {
  membershipId: uuid('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  takenAt: timestamptz('taken_at').notNull().defaultNow(),
});

export const emailSchema = { emailSends, emailRecipients, emailDisabledMembers, emailRateSlots, siteEmailSettings, emailWelcomes, memberNoticeEvents, memberNoticeDigests };
