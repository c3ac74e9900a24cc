/**
 * Tables of DESIGN.md "Customise the site": a site's design, the draft the
 * editor saves and the published one readers see, and the last published
 * versions for restore. A design is JSON checked by common/design.ts on the
 * way in; the row's revision numbers every change, so a save from a stale
 * editor is refused (409 `design-changed`) instead of overwriting.
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Design } from '../common/design.ts';
import { sites } from './content-schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const siteDesigns = pgTable(
  'site_designs',
  {
    siteId: uuid('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null when the draft is the published design (nothing unpublished). */
    draft: jsonb('draft').$type<Design>(),
    /** Null until the first publish: the site renders today's layout. */
    published: jsonb('published').$type<Design>(),
    /** Goes up with every change to the row; the editor sends the one it read. */
    revision: integer('revision').notNull().default(0),
    /** The number of the published version (site_design_versions.version); 0 before the first. */
    publishedVersion: integer('published_version').notNull().default(0),
    publishedAt: timestamptz('published_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('site_designs_revision_positive', sql`${table.revision} >= 0`)],
);

export const siteDesignVersions = pgTable(
  'site_design_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    design: jsonb('design').$type<Design>().notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('site_design_versions_site_version').on(table.siteId, table.version)],
);

export const designSchema = { siteDesigns, siteDesignVersions };
