/**
 * Tables of DESIGN.md "Data". Column names are snake_case; drizzle maps them to
 * camelCase properties, which are the JSON names of SPEC.md section 3. This
 * file holds the accounts' tables and exports the mail outbox's beside them
 * (mail-outbox-schema.ts); each other area has its own *-schema.ts.
 */
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ROLES } from '../common/roles.ts';
import { mailOutbox } from './mail-outbox-schema.ts';

export { MAIL_STATUSES, MAIL_TEMPLATES, mailOutbox, type MailParams, type MailStatus, type MailTemplate } from './mail-outbox-schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface SuspensionInfo {
  suspended: boolean;
  suspensionReason: string;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    displayName: text('display_name').notNull(),
    username: text('username').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLogin: timestamptz('last_login').notNull().defaultNow(),
    registered: timestamptz('registered').notNull().defaultNow(),
    role: text('role', { enum: ROLES }).notNull().default('creator'),
    /** The account also operates the platform (common/roles.ts): beside its role, never instead of it. */
    isAdmin: boolean('is_admin').notNull().default(false),
    accountTier: text('account_tier').notNull().default('free'),
    hasCompletedSetup: boolean('has_completed_setup').notNull().default(false),
    onboardingStep: integer('onboarding_step').notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    analyticsConsent: boolean('analytics_consent').notNull().default(false),
    marketingEmailsOptIn: boolean('marketing_emails_opt_in').notNull().default(false),
    /** True only once the user has seen and accepted the terms; when and which version beside it. */
    agreeToTerms: boolean('agree_to_terms').notNull().default(false),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    termsVersion: text('terms_version'),
    nsfw: boolean('nsfw').notNull().default(false),
    niche: text('niche').notNull(),
    profileUrl: text('profile_url').notNull().default('default'),
    bannerUrl: text('banner_url').notNull().default('default'),
    language: text('language').notNull().default('en'),
    theme: text('theme').notNull().default('default'),
    suspensionInfo: jsonb('suspension_info')
      .$type<SuspensionInfo>()
      .notNull()
      .default({ suspended: false, suspensionReason: '' }),
    featureFlags: jsonb('feature_flags').$type<Record<string, unknown>>().notNull().default({}),
    domainSetup: jsonb('domain_setup').$type<Record<string, unknown>>().notNull().default({}),
    customDomain: text('custom_domain').notNull().default(''),
    paymentProvider: text('payment_provider').notNull().default(''),
    paymentCustomerId: text('payment_customer_id').notNull().default(''),
    payoutStatus: text('payout_status').notNull().default(''),
    referralCode: text('referral_code').notNull().default(''),
    referredBy: text('referred_by').notNull().default(''),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // The members list's search, ILIKE '%term%' on name or e-mail (server/members/members-query.ts): trigram indexes serve an infix match.
    // fastupdate off: a pending list makes the planner take these indexes for an equality lookup whenever the statistics are stale (issue 27).
    index('users_full_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    // ROLES are our own constants, never input: inlining them keeps the constraint readable in psql.
    check('users_role_check', sql.raw(`role IN (${ROLES.map((role) => `'${role}'`).join(', ')})`)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token, hex; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * Null for a platform session. A session opened on a custom domain (handoff or join) holds that
     * hostname and its site, and is valid only there (DESIGN.md "Sessions on custom domains"). No
     * foreign key to sites: this file comes before the content schema; a removed site's id matches no request.
     */
    hostname: text('hostname'),
    siteId: uuid('site_id'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** `join-site`: a fan's one-field join, bound to the site (`siteId`); `sign-in`: a mailed sign-in link (docs/decisions/145). */
export const EMAIL_TOKEN_PURPOSES = ['verify-email', 'reset-password', 'change-email', 'join-site', 'sign-in', 'delete-account'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const emailTokens = pgTable(
  'email_tokens',
  {
    /** SHA-256 of the token in the mailed link, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
    /** The site a `join-site` or site `sign-in` link is for: it works there only. No foreign key, as sessions.site_id (content schema comes later). */
    siteId: uuid('site_id'),
  },
  (table) => [index('email_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerUserId] }), index('oauth_accounts_user_idx').on(table.userId)],
);

/**
 * A first Google sign-in waiting for its terms consent: the identity Google
 * vouched for, kept a few minutes under the SHA-256 of a token in the browser's
 * cookie. No account exists until the terms are accepted.
 */
export const googleSignups = pgTable(
  'google_signups',
  {
    id: text('id').primaryKey(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('google_signups_expires_idx').on(table.expiresAt)],
);

export const AUTH_EVENT_TYPES = [
  'signup',
  'login-succeeded',
  'login-failed',
  'logout',
  'google-login',
  'google-linked',
  'verification-sent',
  'email-verified',
  'reset-requested',
  'reset-used',
  'sessions-revoked',
  'account-disabled',
  'account-enabled',
  'role-changed',
  'password-changed',
  'email-change-requested',
  'email-changed',
  'account-deleted',
  'sign-in-link-sent',
  'sign-in-link-used',
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').$type<AuthEventType>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: text('detail'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('auth_events_user_idx').on(table.userId), index('auth_events_created_idx').on(table.createdAt)],
);

export const settings = pgTable('settings', {
  /** Always true: the check constraint in the migration keeps this table to one row. */
  id: boolean('id').primaryKey().default(true),
  maintenance: boolean('maintenance').notNull().default(false),
  /** Signs media URLs (server/media-urls/media-urls.ts); made once by the database, shared by every server. */
  mediaUrlSecret: text('media_url_secret')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Fixed-window counters and lock-outs of DESIGN.md's rate limits, shared by every server. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamptz('window_started_at').notNull(),
    blockedUntil: timestamptz('blocked_until'),
  },
  (table) => [index('rate_limits_window_idx').on(table.windowStartedAt)],
);

/** When each scheduled job last started, shared by every server so that one of them runs it per period. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamptz('last_started_at').notNull(),
});

export const accountSchema = { users, sessions, emailTokens, oauthAccounts, authEvents, settings, mailOutbox, rateLimits, scheduledJobs, googleSignups };
