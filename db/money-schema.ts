/**
 * Tables of DESIGN.md "Members and money" beyond `tiers` and `memberships`
 * (db/content-schema.ts): the creator's connected Stripe account, the webhook
 * events already applied, the tiers a `tiers` post opens to, each membership's
 * history, and the creator's own plan on the platform.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CADENCES, MEMBERSHIP_EVENT_KINDS, PLATFORM_PLAN_STATUSES } from '../common/memberships.ts';
import { PAYMENT_ACCOUNT_MODES } from '../common/api/payments.ts';
import { memberships, posts, sites, tiers } from './content-schema.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Our own constants, never input: inlined so the constraint reads plainly in psql. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * The creator's own Stripe account, one per site; its state as Stripe last told us. `connect`: made
 * through the platform's Connect (Standard); `key`: the creator pasted their own secret or restricted
 * key (docs/decisions/144), kept sealed with its webhook endpoint's signing secret (server/secrets/).
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    siteId: uuid('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** Stripe's `requirements.currently_due`: what the account still needs. */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    /** The account's default currency, once Stripe reports it. */
    defaultCurrency: text('default_currency'),
    mode: text('mode', { enum: PAYMENT_ACCOUNT_MODES }).notNull().default('connect'),
    /** The account's name as Stripe shows it, for the studio (own key only). */
    accountName: text('account_name'),
    /** The creator's key, sealed (server/secrets/); null once disconnected. */
    secretKey: text('secret_key'),
    /** The webhook endpoint made on that account, and its signing secret, sealed. */
    webhookEndpointId: text('webhook_endpoint_id'),
    webhookSecret: text('webhook_secret'),
    /** When Stripe first refused the saved key (revoked or expired); null while it works. */
    keyRefusedAt: timestamptz('key_refused_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_accounts_stripe_account_unique').on(table.stripeAccountId), check('payment_accounts_mode', oneOf('mode', PAYMENT_ACCOUNT_MODES))],
);

/** Webhook events already applied: an event delivered twice is applied once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The connected account it came from; null for the platform account's own events. */
  account: text('account'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/** The tiers a `tiers` post opens to. */
export const postTiers = pgTable(
  'post_tiers',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.tierId] }), index('post_tiers_tier_idx').on(table.tierId)],
);

/**
 * What happened to a membership, newest last: its history page, churn over a
 * period, and lifetime value (the sum of `amount` of `payment` rows).
 */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** Denormalised so a site's events of a period read by one index. */
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEMBERSHIP_EVENT_KINDS }).notNull(),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    /** Minor units, for `payment` and `refund`; in `currency`. */
    amount: integer('amount'),
    currency: text('currency'),
    /** A short, human note: "Card declined", "Comped until 2027-01-01 by the creator". */
    detail: text('detail').notNull().default(''),
    /** The Stripe object it came from (invoice, subscription), for support. */
    stripeObjectId: text('stripe_object_id'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (table) => [
    index('membership_events_membership_idx').on(table.membershipId, table.occurredAt),
    index('membership_events_site_idx').on(table.siteId, table.kind, table.occurredAt),
    check('membership_events_kind_check', oneOf('kind', MEMBERSHIP_EVENT_KINDS)),
  ],
);

/** The creator's plan on the platform (SPEC.md: 30-day free trial, then a flat monthly fee on the operator's Stripe account). */
export const platformPlans = pgTable(
  'platform_plans',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PLATFORM_PLAN_STATUSES }).notNull(),
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** On the operator's own Stripe account. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_plans_subscription_unique').on(table.stripeSubscriptionId),
    check('platform_plans_status_check', oneOf('status', PLATFORM_PLAN_STATUSES)),
  ],
);

/**
 * The Checkout session a member last opened on a site, until a new one
 * replaces it: a second paid join before the webhook makes the membership
 * reuses it (same tier and cadence) or expires it first, so a member never
 * holds two payable sessions (docs/decisions/069).
 */
export const openCheckouts = pgTable(
  'open_checkouts',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    cadence: text('cadence', { enum: CADENCES }).notNull(),
    stripeSessionId: text('stripe_session_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.userId] })],
);

export const moneySchema = { paymentAccounts, stripeEvents, postTiers, membershipEvents, platformPlans, openCheckouts };
