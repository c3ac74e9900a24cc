/**
 * Tables of DESIGN.md "Release 4" > "Move in, move out": the imports a creator
 * ran (each with what it made, so a second run of the same file adds nothing and
 * an undo removes only its own), the old addresses of imported posts, the Stripe
 * prices an import mapped to a tier, and the site's exports.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_SOURCES, IMPORT_STATUSES, type ImportCounts, type ImportProblem, type ImportProgress, type ImportResult, type ImportTierChoice } from '../common/api/imports.ts';
import { EXPORT_STATUSES } from '../common/api/exports.ts';
import { CADENCES } from '../common/memberships.ts';
import { posts, sites, tiers } from './content-schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Our own constants, never input: inlined so the constraint reads plainly in psql. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('planned'),
    /** As the creator's computer named it, for the list; never a storage path. */
    fileName: text('file_name').notNull(),
    /** Where the uploaded file waits in storage until the import is done or undone (`imports/{siteId}/{id}/file`). */
    storageKey: text('storage_key').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    /** Ghost: the old site's address, against which `__GHOST_URL__` is resolved. */
    sourceUrl: text('source_url'),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    tierChoices: jsonb('tier_choices').$type<ImportTierChoice[]>().notNull().default([]),
    /** Source plan key → our tier id, as the creator confirmed it when starting the run. */
    tierMap: jsonb('tier_map').$type<Record<string, string>>().notNull().default({}),
    invitePatrons: boolean('invite_patrons').notNull().default(false),
    problems: jsonb('problems').$type<ImportProblem[]>().notNull().default([]),
    progress: jsonb('progress').$type<ImportProgress>(),
    result: jsonb('result').$type<ImportResult>(),
    failure: text('failure'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    undoneAt: timestamptz('undone_at'),
  },
  (table) => [
    index('imports_site_created_idx').on(table.siteId, table.createdAt),
    check('imports_source_check', oneOf('source', IMPORT_SOURCES)),
    check('imports_status_check', oneOf('status', IMPORT_STATUSES)),
  ],
);

export const IMPORT_ITEM_KINDS = ['post', 'media', 'member', 'user', 'tier', 'comment', 'design', 'offer', 'product', 'newsletters-off'] as const;
export type ImportItemKind = (typeof IMPORT_ITEM_KINDS)[number];

/**
 * What an import made, one row a thing, keyed by what the source calls it (a post's id there, a member's
 * address, an image's URL): a second run of the same file finds the key and adds nothing, a resumed run
 * skips what is done, and an undo removes the rows' targets. What an import matched (an existing member)
 * has no row, so an undo leaves it; but a `newsletters-off` row names a member already here whose
 * newsletters the import turned off (unsubscribed at the source), which an undo turns back on.
 */
export const importItems = pgTable(
  'import_items',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    kind: text('kind', { enum: IMPORT_ITEM_KINDS }).notNull(),
    sourceKey: text('source_key').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The id of what it made (post, media, membership, user, tier, comment, offer, product), or changed (`newsletters-off`: the membership). */
    targetId: text('target_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.source, table.kind, table.sourceKey] }),
    index('import_items_import_idx').on(table.importId, table.kind),
    check('import_items_kind_check', oneOf('kind', IMPORT_ITEM_KINDS)),
  ],
);

/**
 * An imported post's old addresses, relative to the site's root (`/p/{slug}`, `/{slug}/`, `/?p=12`,
 * `/2024/05/01/{slug}/`): each answers 301 to the post, on the custom domain and under `/@{handle}`.
 */
export const postRedirects = pgTable(
  'post_redirects',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.path] }), index('post_redirects_post_idx').on(table.postId)],
);

/**
 * A Stripe price an import mapped to a tier (a Substack or Ghost plan on the creator's own account):
 * from then on it counts as the tier's own price for every event of a subscription on it.
 */
export const tierStripePrices = pgTable(
  'tier_stripe_prices',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    stripePriceId: text('stripe_price_id').notNull(),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    cadence: text('cadence', { enum: CADENCES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.stripePriceId] }), check('tier_stripe_prices_cadence_check', oneOf('cadence', CADENCES))],
);

export const siteExports = pgTable(
  'site_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    /** `exports/{siteId}/{id}.zip` once made. */
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    failure: text('failure'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [index('site_exports_site_created_idx').on(table.siteId, table.createdAt), check('site_exports_status_check', oneOf('status', EXPORT_STATUSES))],
);

export const moveSchema = { imports, importItems, postRedirects, tierStripePrices, siteExports };
