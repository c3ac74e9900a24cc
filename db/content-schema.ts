/**
 * Tables of DESIGN.md "Release 2": the creator's site, its media and posts,
 * its page views, and its tiers and memberships. One site per creator; every
 * row below a site is deleted with it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { MEDIA_KINDS, MEDIA_STATUSES, type MediaDerived } from '../common/media.ts';
import { POST_STATUSES, POST_VISIBILITIES, type EditorDocument } from '../common/posts.ts';
import { AUDIENCES, DEFAULT_AUDIENCE, MESSAGE_NOTICES } from '../common/messaging.ts';
import { DEFAULT_TIP_SETTINGS, type TipSettings } from '../common/earn.ts';
import { MEMBERSHIP_SOURCES, MEMBERSHIP_STATUSES, TIER_TYPES, CADENCES } from '../common/memberships.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Our own constants, never input: inlined so the constraint reads plainly in psql. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase, 3 to 30 of a-z 0-9 -, not reserved (common/handles.ts); the one lookup from a handle is server/sites/site-lookup.ts. */
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull().default(''),
    about: text('about').notNull().default(''),
    avatarMediaId: uuid('avatar_media_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    bannerMediaId: uuid('banner_media_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    /** `#rrggbb`. */
    brandColor: text('brand_color').notNull().default('#6d28d9'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Set when the creator finishes onboarding; an unpublished site is the 404 screen to everyone else. */
    publishedAt: timestamptz('published_at'),
    /** Whether a member whose payment failed (`past_due`) keeps access while Stripe retries; Ghost and Patreon keep it. */
    pastDueAccess: boolean('past_due_access').notNull().default(true),
    /** Who may write to the creator and who may comment (common/messaging.ts; docs/decisions/095). */
    messagesFrom: text('messages_from', { enum: AUDIENCES }).notNull().default(DEFAULT_AUDIENCE),
    commentsFrom: text('comments_from', { enum: AUDIENCES }).notNull().default(DEFAULT_AUDIENCE),
    /** How the creator hears of unread messages. */
    messageNotices: text('message_notices', { enum: MESSAGE_NOTICES }).notNull().default('soon'),
    /** The tip jar (common/earn.ts): off until the creator turns it on. */
    tips: jsonb('tips').$type<TipSettings>().notNull().default(DEFAULT_TIP_SETTINGS),
  },
  (table) => [
    uniqueIndex('sites_owner_unique').on(table.ownerId),
    uniqueIndex('sites_handle_unique').on(table.handle),
    check('sites_handle_shape', sql`${table.handle} ~ '^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$'`),
    check('sites_brand_color_shape', sql`${table.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check('sites_messages_from_check', oneOf('messages_from', AUDIENCES)),
    check('sites_comments_from_check', oneOf('comments_from', AUDIENCES)),
    check('sites_message_notices_check', oneOf('message_notices', MESSAGE_NOTICES)),
  ],
);

export const media = pgTable(
  'media',
  {
    /** Also the tus upload id, so the client knows it from the upload's URL. */
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    originalName: text('original_name').notNull(),
    /** The MIME type the upload declared and the server confirmed from the bytes. */
    type: text('type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('uploading'),
    /** Processing progress, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    /** Where the original lives in storage (disk or S3). */
    storageKey: text('storage_key').notNull(),
    derived: jsonb('derived').$type<MediaDerived>().notNull().default({}),
    alt: text('alt').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('media_site_created_idx').on(table.siteId, table.createdAt),
    check('media_kind_check', oneOf('kind', MEDIA_KINDS)),
    check('media_status_check', oneOf('status', MEDIA_STATUSES)),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** The editor's document (common/posts.ts), as the studio saved it. */
    body: jsonb('body').$type<EditorDocument>().notNull(),
    /** Sanitised HTML made from `body` on the server: what comes before the members-only marker, and what follows it. */
    previewHtml: text('preview_html').notNull().default(''),
    gatedHtml: text('gated_html').notNull().default(''),
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    visibility: text('visibility', { enum: POST_VISIBILITIES }).notNull().default('public'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    /** When it was or will be published; a scheduled post publishes itself when this passes. */
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('posts_site_slug_unique').on(table.siteId, table.slug),
    index('posts_site_status_published_idx').on(table.siteId, table.status, table.publishedAt),
    index('posts_scheduled_idx').on(table.publishedAt).where(sql`${table.status} = 'scheduled'`),
    check('posts_visibility_check', oneOf('visibility', POST_VISIBILITIES)),
    check('posts_status_check', oneOf('status', POST_STATUSES)),
  ],
);

/** Which media a post uses and where: the cover, the public preview or the gated rest. Gates media URLs and refuses deleting used media. */
export const POST_MEDIA_PLACES = ['cover', 'preview', 'gated'] as const;
export type PostMediaPlace = (typeof POST_MEDIA_PLACES)[number];

export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    place: text('place', { enum: POST_MEDIA_PLACES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.mediaId, table.place] }), index('post_media_media_idx').on(table.mediaId)],
);

/** Views per site, page and UTC day, counted on the server: no cookie, no third-party script, nothing about the reader. */
export const pageViews = pgTable(
  'page_views',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The page within the site: `/` or `/posts/{slug}`. */
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day, table.path] })],
);

export const tiers = pgTable(
  'tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    type: text('type', { enum: TIER_TYPES }).notNull(),
    /** Minor units; null on the free tier. */
    monthlyPrice: integer('monthly_price'),
    yearlyPrice: integer('yearly_price'),
    currency: text('currency').notNull().default('usd'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    stripeProductId: text('stripe_product_id'),
    stripeMonthlyPriceId: text('stripe_monthly_price_id'),
    stripeYearlyPriceId: text('stripe_yearly_price_id'),
    /** A free trial every paid join of this tier starts with (DESIGN.md "More ways to be paid"); null: none. */
    trialDays: integer('trial_days'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('tiers_site_idx').on(table.siteId, table.position),
    // Every site has exactly one free tier.
    uniqueIndex('tiers_one_free_per_site').on(table.siteId).where(sql`${table.type} = 'free'`),
    check('tiers_type_check', oneOf('type', TIER_TYPES)),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull(),
    source: text('source', { enum: MEMBERSHIP_SOURCES }).notNull(),
    cadence: text('cadence', { enum: CADENCES }),
    /** What the member pays per cadence, in minor units of `currency`, from their subscription's price (not the tier's current one); null when free. */
    amount: integer('amount'),
    currency: text('currency'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    compExpiresAt: timestamptz('comp_expires_at'),
    /** The creator's private note on the member (Ghost's `note`). */
    note: text('note').notNull().default(''),
    subscribedToEmails: boolean('subscribed_to_emails').notNull().default(true),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** Minor units paid so far, in the tier's currency: the sum of the membership's `payment` events. */
    lifetimeValue: integer('lifetime_value').notNull().default(0),
    /** SHA-256 of the token in the member's private RSS URL; a new token replaces it. */
    feedTokenHash: text('feed_token_hash'),
    /** When the membership stopped opening anything (canceled, expired, removed); null while it does. */
    endedAt: timestamptz('ended_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('memberships_site_user_unique').on(table.siteId, table.userId),
    index('memberships_user_idx').on(table.userId),
    index('memberships_site_created_idx').on(table.siteId, table.createdAt, table.id),
    // The subscribers list (docs/decisions/055): a status filter in the default order, the value sort, and the comp-expiry job.
    index('memberships_site_status_created_idx').on(table.siteId, table.status, table.createdAt, table.id),
    index('memberships_site_value_idx').on(table.siteId, table.lifetimeValue, table.id),
    index('memberships_comp_expiry_idx').on(table.compExpiresAt).where(sql`${table.status} = 'comped' and ${table.compExpiresAt} is not null`),
    uniqueIndex('memberships_subscription_unique').on(table.stripeSubscriptionId),
    uniqueIndex('memberships_feed_token_unique').on(table.feedTokenHash),
    check('memberships_status_check', oneOf('status', MEMBERSHIP_STATUSES)),
    check('memberships_source_check', oneOf('source', MEMBERSHIP_SOURCES)),
  ],
);

export const contentSchema = { sites, media, posts, postMedia, pageViews, tiers, memberships };
