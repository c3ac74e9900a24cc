/**
 * Tables of DESIGN.md "Release 3" > "Your own domain": a site's custom domain
 * and the one-time tokens that hand a reader's sign-in over to it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sites } from './content-schema.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One DNS record the creator must add, with what the last check found (common/domains.ts DomainRecord). */
export interface StoredRecord {
  type: 'TXT' | 'CNAME' | 'A' | 'AAAA' | 'CAA' | 'ALIAS';
  name: string;
  value: string;
  state: 'found' | 'missing' | 'wrong' | 'unchecked';
  found?: string[];
}

export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lowercase ASCII (an IDN as punycode), no trailing dot: common/domains.ts normaliseHostname. */
    hostname: text('hostname').notNull(),
    status: text('status', { enum: ['pending', 'active', 'failed'] }).notNull().default('pending'),
    /** Public by nature (it sits in the creator's DNS): proof that whoever controls the zone asked for this site. */
    verificationToken: text('verification_token').notNull(),
    records: jsonb('records').$type<StoredRecord[]>().notNull().default([]),
    lastCheckedAt: timestamptz('last_checked_at'),
    /** The last check's problem in plain words; null when it passed. */
    lastError: text('last_error'),
    /** Automatic checks since the domain was added or last went wrong; the job gives up after DOMAIN_CHECK_LIMIT. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    /** When the queue's next automatic check is due; a job for another time is stale and does nothing. Null: no more automatic checks. */
    nextCheckAt: timestamptz('next_check_at'),
    verifiedAt: timestamptz('verified_at'),
    /** Whether the last conclusive check found the `www.`/apex twin pointing at the platform too: only then is it served and given a certificate. */
    alternatePoints: boolean('alternate_points').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('domains_site_unique').on(table.siteId),
    // Claims block nobody (several sites may claim one name, each with its own token); the first to prove it holds it.
    uniqueIndex('domains_hostname_active_unique').on(table.hostname).where(sql`${table.status} = 'active'`),
    check('domains_hostname_shape', sql`${table.hostname} = lower(${table.hostname}) and length(${table.hostname}) <= 253`),
  ],
);

/** A reader's sign-in on its way from the platform origin to a custom domain: single use, about a minute. */
export const domainHandoffs = pgTable(
  'domain_handoffs',
  {
    /** SHA-256 of the token; the token itself only ever travels in the redirect. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The only host that may redeem it. */
    hostname: text('hostname').notNull(),
    /** SHA-256 of the state the domain set in the reader's browser: the token is redeemed only beside that cookie (as OAuth's state). */
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('domain_handoffs_expires_idx').on(table.expiresAt)],
);

export const domainSchema = { domains, domainHandoffs };
