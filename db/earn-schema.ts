/**
 * Tables of DESIGN.md "Release 4" > "More ways to be paid" (docs/decisions/162):
 * offers on a paid tier and the seats their Checkouts hold; the `sales` ledger of
 * every one-time payment (a gift, a tip, a product), which reports and Earn read;
 * and what each kind of sale holds beyond it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { GIFT_STATUSES, OFFER_DURATIONS, OFFER_KINDS, OFFER_REDEMPTION_STATUSES, PRODUCT_STATUSES, SALE_KINDS, SALE_STATUSES } from '../common/earn.ts';
import { media, posts, sites, tiers } from './content-schema.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Our own constants, never input: inlined so the constraint reads plainly in psql. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

/** An offer on one paid tier: a discount or a free trial, reached by its code. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lowercase a-z 0-9 and -, unique on the site: the link is `/@{handle}/offers/{code}`. */
    code: text('code').notNull(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    percentOff: integer('percent_off'),
    /** Minor units of `currency` (the tier's). */
    amountOff: integer('amount_off'),
    currency: text('currency'),
    trialDays: integer('trial_days'),
    duration: text('duration', { enum: OFFER_DURATIONS }).notNull().default('once'),
    durationMonths: integer('duration_months'),
    endsAt: timestamptz('ends_at'),
    redemptionLimit: integer('redemption_limit'),
    /** Paid redemptions, counted when the webhook applies them. */
    redemptions: integer('redemptions').notNull().default(0),
    /** The coupon made on the creator's Stripe account for a discount; null for a trial. */
    stripeCouponId: text('stripe_coupon_id'),
    archivedAt: timestamptz('archived_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offers_site_code_unique').on(table.siteId, table.code),
    index('offers_tier_idx').on(table.tierId),
    check('offers_kind_check', oneOf('kind', OFFER_KINDS)),
    check('offers_duration_check', oneOf('duration', OFFER_DURATIONS)),
    check('offers_code_shape', sql`${table.code} ~ '^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$'`),
    check('offers_redemptions_within_limit', sql`${table.redemptionLimit} is null or ${table.redemptions} <= ${table.redemptionLimit}`),
  ],
);

/**
 * A seat of an offer, taken when its Checkout opens (`held`), kept when it is paid (`redeemed`) and given back when
 * the session expires (`released`): held and redeemed seats together never pass the offer's limit.
 */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    status: text('status', { enum: OFFER_REDEMPTION_STATUSES }).notNull().default('held'),
    /** A held seat is given back after this even if no expiry event arrives (Stripe's session lifetime). */
    holdUntil: timestamptz('hold_until').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    redeemedAt: timestamptz('redeemed_at'),
  },
  (table) => [
    index('offer_redemptions_offer_idx').on(table.offerId, table.status),
    uniqueIndex('offer_redemptions_session_unique').on(table.stripeCheckoutSessionId),
    check('offer_redemptions_status_check', oneOf('status', OFFER_REDEMPTION_STATUSES)),
  ],
);

/**
 * Every one-time payment on a creator's account, one row a Checkout Session: what reports count as one-time revenue,
 * what Earn lists, and the key by which a webhook finds what it pays for. Written only by server/sales/.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SALE_KINDS }).notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull().default('open'),
    /** Minor units of `currency`, as the Checkout asked; the paid amount once Stripe says so. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Who paid: the account made or found by the address, once known. */
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /**
     * A product sale's product, so a product with a Checkout still open is archived rather than deleted (its buyer
     * would pay for nothing); null for the other kinds, and once the product is gone.
     */
    productId: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
    refundedAt: timestamptz('refunded_at'),
  },
  (table) => [
    uniqueIndex('sales_session_unique').on(table.stripeCheckoutSessionId),
    index('sales_product_idx').on(table.productId),
    uniqueIndex('sales_payment_intent_unique').on(table.stripePaymentIntentId),
    index('sales_site_paid_idx').on(table.siteId, table.paidAt),
    index('sales_site_kind_idx').on(table.siteId, table.kind, table.createdAt),
    check('sales_kind_check', oneOf('kind', SALE_KINDS)),
    check('sales_status_check', oneOf('status', SALE_STATUSES)),
    check('sales_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * What was given back of a paid sale, one row each time Stripe's refunded total of its charge grew: a whole refund
 * ends what was bought, a partial one only lowers revenue. The roll-up takes each off on its own day.
 */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Minor units of the sale's currency: what this refund added to the charge's refunded total. */
    amount: integer('amount').notNull(),
    refundedAt: timestamptz('refunded_at').notNull().defaultNow(),
  },
  (table) => [index('sale_refunds_sale_idx').on(table.saleId), index('sale_refunds_site_day_idx').on(table.siteId, table.refundedAt), check('sale_refunds_amount_positive', sql`${table.amount} > 0`)],
);

/** A gift of N months of a paid tier: bought in one payment, redeemed once by whoever holds the code. */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'restrict' }),
    months: integer('months').notNull(),
    status: text('status', { enum: GIFT_STATUSES }).notNull().default('paid'),
    recipientEmail: text('recipient_email'),
    /** When the redeem link goes out; null: at once. */
    sendAt: timestamptz('send_at'),
    message: text('message').notNull().default(''),
    /** SHA-256 of the redeem code; the code itself is only in the mails. */
    codeHash: text('code_hash').notNull(),
    sentAt: timestamptz('sent_at'),
    redeemedAt: timestamptz('redeemed_at'),
    redeemedByUserId: text('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    endsAt: timestamptz('ends_at'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gifts_sale_unique').on(table.saleId),
    uniqueIndex('gifts_code_unique').on(table.codeHash),
    index('gifts_site_idx').on(table.siteId, table.createdAt),
    index('gifts_unsent_idx').on(table.sendAt).where(sql`${table.status} = 'paid'`),
    check('gifts_status_check', oneOf('status', GIFT_STATUSES)),
    check('gifts_months_check', sql`${table.months} in (1, 3, 6, 12)`),
  ],
);

/** A tip and its message, beside its sale. */
export const tips = pgTable(
  'tips',
  {
    saleId: uuid('sale_id')
      .primaryKey()
      .references(() => sales.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The post it was given under, if any. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** Shown to the creator as text, never as markup. */
    message: text('message').notNull().default(''),
  },
  (table) => [index('tips_site_idx').on(table.siteId)],
);

/** A digital product: files of the media library sold once on `/@{handle}/products/{slug}`. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_site_slug_unique').on(table.siteId, table.slug),
    check('products_status_check', oneOf('status', PRODUCT_STATUSES)),
    check('products_price_positive', sql`${table.price} > 0`),
  ],
);

/** A product's files, in order. A file deleted from the library leaves its product (and its buyers) without it. */
export const productFiles = pgTable(
  'product_files',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.mediaId] }), index('product_files_media_idx').on(table.mediaId)],
);

/**
 * A buyer's right to a product's files, made when the sale is paid and ended by its refund. The receipt mail carries a
 * long random token (its SHA-256 here), the buyer's own and revocable, that leads to short-lived signed file links.
 */
export const productPurchases = pgTable(
  'product_purchases',
  {
    saleId: uuid('sale_id')
      .primaryKey()
      .references(() => sales.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    downloadTokenHash: text('download_token_hash'),
    /** The product's media ids when it sold: a file the creator deletes since is told to the buyer as missing, not as an error. */
    mediaIdsAtSale: jsonb('media_ids_at_sale').$type<string[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set by a refund: access ends. */
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    index('product_purchases_user_idx').on(table.userId, table.createdAt),
    index('product_purchases_product_idx').on(table.productId),
    uniqueIndex('product_purchases_token_unique').on(table.downloadTokenHash),
  ],
);

export const earnSchema = { offers, offerRedemptions, sales, saleRefunds, gifts, tips, products, productFiles, productPurchases };
