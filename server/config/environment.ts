/**
 * Every variable the server reads, with its rule and default, in one list
 * (DESIGN.md "Configuration"); loadConfig (load-config.ts) parses the
 * environment with it and each area's reader turns it into its part of Config.
 * One list, not one per area: with several bad values, the first in this order
 * is the one start-up names.
 */
import { z } from 'zod';
import { isCronExpression } from './cron-expression.ts';

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });

export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: httpUrl.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Creator Platform <no-reply@localhost>'),
  // HTML5's address rule, which takes a dotless domain: the default support@localhost must also pass when set.
  SUPPORT_EMAIL: z.email({ pattern: z.regexes.html5Email }).default('support@localhost'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: httpUrl.default('https://accounts.google.com'),
  TRUST_PROXY: z.string().min(1).optional(),
  FOOTER_DEVELOPER_URL: httpUrl.optional(),
  FOOTER_PROFESSIONAL_NETWORK_URL: httpUrl.optional(),
  FOOTER_SOCIAL_URL: httpUrl.optional(),
  FOOTER_HELP_URL: httpUrl.optional(),
  PLATFORM_BADGE: booleanText.default(false),
  AUTH_EMAIL_ENUMERATION_PROTECTION: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  RATE_LIMIT_LOGIN_FREE_FAILURES: positiveInt.default(5),
  RATE_LIMIT_LOGIN_MAX_BACKOFF_SECONDS: positiveInt.default(300),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: positiveInt.default(100),
  RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS: positiveInt.default(900),
  RATE_LIMIT_SIGNUPS_PER_IP: positiveInt.default(100),
  RATE_LIMIT_SIGNUPS_WINDOW_SECONDS: positiveInt.default(3600),
  RATE_LIMIT_MAILS_PER_ADDRESS_WINDOW_SECONDS: positiveInt.default(60),
  RATE_LIMIT_MAILS_PER_ADDRESS_PER_DAY: positiveInt.default(10),
  RATE_LIMIT_RESET_ATTEMPTS_PER_IP: positiveInt.default(30),
  RATE_LIMIT_RESET_ATTEMPTS_PER_EMAIL: positiveInt.default(10),
  RATE_LIMIT_RESET_WINDOW_SECONDS: positiveInt.default(3600),
  RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_CHECKOUTS_PER_IP_PER_HOUR: positiveInt.default(60),
  MAIL_DEV_SINK: booleanText.default(false),
  MAIL_LEASE_MS: positiveInt.default(120_000),
  CLEANUP_INTERVAL_SECONDS: positiveInt.default(3600),
  RETENTION_MAIL_DAYS: positiveInt.default(7),
  RETENTION_AUTH_EVENTS_DAYS: positiveInt.default(90),
  RETENTION_EMAIL_TOKENS_DAYS: positiveInt.default(1),
  RETENTION_RATE_LIMITS_DAYS: positiveInt.default(2),
  MAINTENANCE_POLL_MS: positiveInt.default(1000),
  MESSAGES_PER_MINUTE: positiveInt.default(30),
  COMMENTS_PER_MINUTE: positiveInt.default(10),
  MESSAGE_STREAMS_PER_USER: positiveInt.default(6),
  MESSAGE_NOTICE_DELAY_SECONDS: positiveInt.default(300),
  MAIL_WORKER_INTERVAL_MS: positiveInt.default(1000),
  EMAIL_RATE_PER_SECOND: positiveInt.default(10),
  EMAIL_RETRY_BASE_MS: positiveInt.default(5000),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  UPLOAD_MAX_BYTES: positiveInt.default(5_368_709_120),
  DOMAIN_CNAME_TARGET: z.string().regex(/^[a-z0-9.-]{1,253}$/i).optional(),
  DOMAIN_IPS: z.string().regex(/^[0-9a-f.:,\s]+$/i).optional(),
  DNS_RESOLVER: z.string().regex(/^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i).optional(),
  DNS_TIMEOUT_MS: positiveInt.default(3000),
  UPLOAD_EXPIRY_HOURS: positiveInt.default(24),
  SITE_STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(53_687_091_200),
  IMPORT_ALLOW_PRIVATE_ADDRESSES: booleanText.default(false),
  IMPORT_FETCH_TIMEOUT_MS: positiveInt.default(20_000),
  MEDIA_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  QUEUE_SUPERVISE_SECONDS: positiveInt.default(60),
  // 32 random bytes written out take at least 43 characters (base64); shorter is a password, not a key.
  APP_SECRET: z.string().min(43, 'must be at least 32 random bytes written out, such as the output of `openssl rand -base64 32`').optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: httpUrl.default('https://api.stripe.com'),
  PLATFORM_FEE: z.enum(['on', 'off']).default('on'),
  PLATFORM_PRICE_MONTHLY: positiveInt.default(1900),
  PLATFORM_CURRENCY: z.string().regex(/^[a-z]{3}$/, 'must be a lowercase ISO currency code such as usd').default('usd'),
  PLATFORM_TRIAL_DAYS: positiveInt.default(30),
  BACKUP_SCHEDULE: z.string().refine(isCronExpression, 'must be a cron schedule such as "0 3 * * *" (minute hour day month weekday, in UTC)').optional(),
  BACKUP_KEEP: positiveInt.default(7),
});

/** The environment once parsed: every variable with its type, defaults filled in. */
export type Environment = z.infer<typeof environmentSchema>;
