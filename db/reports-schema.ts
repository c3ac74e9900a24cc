/**
 * Tables of DESIGN.md "Reports, activity, support" (issue 20): what the
 * counting keeps about readers (a daily hash, a referrer's host), the daily
 * roll-ups a report reads, the site's activity, support requests and site
 * suspensions. `page_views` (content-schema.ts) stays the per-page count.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES } from '../common/activity.ts';
import { posts, sites } from './content-schema.ts';
import { sales } from './earn-schema.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * One row per reader per site per UTC day: `visitor` is a keyed hash of the
 * address and user agent under that day's salt (server/reports/visitor-hash.ts).
 * Only the days the roll-up has not closed are here: it deletes a day's rows
 * once the day is over and counted (docs/decisions/100).
 */
export const visitorDays = pgTable(
  'visitor_days',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day, table.visitor] })],
);

/** Views per referring host (never a path or query) and `utm_source`, per site and UTC day; '' when there was none. */
export const referrerDays = pgTable(
  'referrer_days',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    host: text('host').notNull(),
    utmSource: text('utm_source').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day, table.host, table.utmSource] })],
);

/**
 * The daily roll-up a report reads: views and distinct visitors of the day,
 * and the members and MRR as they stood when the day was last rolled up.
 * Written only by the roll-up job, which recomputes a day whole, so running it
 * twice gives the same row.
 */
export const siteDays = pgTable(
  'site_days',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    joinViews: integer('join_views').notNull().default(0),
    newMembers: integer('new_members').notNull().default(0),
    freeMembers: integer('free_members').notNull().default(0),
    paidMembers: integer('paid_members').notNull().default(0),
    /** Monthly recurring revenue in minor units of the site's main currency. */
    mrr: integer('mrr').notNull().default(0),
    /** One-time payments of the day (gifts, tips, products; docs/decisions/162), refunds taken off, in minor units of the main currency. */
    oneTimeRevenue: integer('one_time_revenue').notNull().default(0),
    /** The day is over and its visitor hashes were counted and deleted: later hashes of it add to `visitors`. */
    closed: boolean('closed').notNull().default(false),
    rolledUpAt: timestamptz('rolled_up_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day] })],
);

/**
 * Views per page and calendar month (its first day), the sum of page_views'
 * days of that month: a year's top posts read twelve months of these plus
 * the days at the range's edges. Recomputed whole by the roll-up for each
 * month it touches.
 */
export const pageMonths = pgTable(
  'page_months',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.month, table.path] })],
);

/**
 * Events of a site that membership_events does not hold: posts published and
 * what other features report through `recordActivity` (comments, messages,
 * e-mail sends). Recent Activity reads both tables.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    /** The member it is about, when there is one. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** The one-time payment it is about (a tip, a gift, a product, a refund): Recent Activity shows its amount and message. */
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    detail: text('detail').notNull().default(''),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (table) => [
    index('activity_events_site_idx').on(table.siteId, table.occurredAt, table.id),
    index('activity_events_site_type_idx').on(table.siteId, table.type, table.occurredAt, table.id),
    // A sale deleted with its site sets these null: without the index each such delete would scan the table.
    index('activity_events_sale_idx').on(table.saleId),
    check('activity_events_type_check', oneOf('type', ACTIVITY_TYPES)),
  ],
);

/** A site the operator took down: its pages answer 410 while the row exists. */
export const siteSuspensions = pgTable('site_suspensions', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull().default(''),
  suspendedBy: text('suspended_by').references(() => users.id, { onDelete: 'set null' }),
  suspendedAt: timestamptz('suspended_at').notNull().defaultNow(),
});

/** A creator's message to the operator from /support; the mail is rendered from this row (decision 020). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('support_requests_user_idx').on(table.userId, table.createdAt)],
);

export const reportsSchema = { visitorDays, referrerDays, siteDays, pageMonths, activityEvents, siteSuspensions, supportRequests };
