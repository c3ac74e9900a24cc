/**
 * The environment, parsed once at start-up into a typed Config (DESIGN.md
 * "Configuration"). A bad value stops start-up with one line naming the
 * variable; nothing else in the server reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';
import type { FooterLinks } from '../common/api-types.ts';
import { isCronExpression } from './backups/index.ts';

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });

const environmentSchema = z.object({
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
  AUTH_EMAIL_ENUMERATION_PROTECTION: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  MEDIA_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  QUEUE_SUPERVISE_SECONDS: positiveInt.default(60),
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

export interface RateLimitConfig {
  loginFreeFailures: number;
  loginMaxBackoffSeconds: number;
  loginFailuresPerIp: number;
  loginFailuresWindowSeconds: number;
  signupsPerIp: number;
  signupsWindowSeconds: number;
  mailWindowSeconds: number;
  mailsPerAddressPerDay: number;
  resetAttemptsPerIp: number;
  resetAttemptsPerEmail: number;
  resetWindowSeconds: number;
}

/** How long each kind of row is kept before the clean-up job deletes it (docs/decisions/021-scheduled-clean-up.md). */
export interface RetentionConfig {
  cleanupIntervalSeconds: number;
  /** Sent, given-up and cancelled mail, counted from when it was queued. */
  mailDays: number;
  authEventsDays: number;
  /** Used or expired e-mail tokens, counted from their use or expiry. */
  emailTokensDays: number;
  rateLimitsDays: number;
}

/** Where media files live (docs/decisions/034-media-storage-and-shared-uploads.md); unset S3: the local disk under DATA_DIR/media. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface MediaConfig {
  s3: S3Config | undefined;
  uploadMaxBytes: number;
  /** An upload untouched for this long is removed with its parts and its row. */
  uploadExpiryMs: number;
  /** Bytes of originals one site may hold, its unfinished uploads included (docs/decisions/062-site-storage-quota.md); 0: no limit. */
  siteStorageQuotaBytes: number;
  /** A media job whose server stops beating for this long goes to another server (docs/decisions/035-pg-boss-job-queue.md). */
  jobHeartbeatSeconds: number;
  queueSuperviseSeconds: number;
}

/** The platform's Stripe account (DESIGN.md "Members and money"); unset: paid tiers and the platform fee are off. */
export interface StripeConfig {
  secretKey: string;
  /** Signing secret of POST /api/webhooks/stripe (the platform account's own events). */
  webhookSecret: string | undefined;
  /** Signing secret of POST /api/webhooks/stripe-connect (connected accounts' events). */
  connectWebhookSecret: string | undefined;
  apiUrl: URL;
}

/** The creator's plan on the platform (SPEC.md: 30-day free trial, $19+ a month flat, 0% cut). */
export interface PlatformPlanConfig {
  /** Off: one creator running the platform for themselves; no trial, no fee, nothing asked. */
  feeEnabled: boolean;
  monthlyPrice: number;
  currency: string;
  trialDays: number;
}

export interface Config {
  port: number;
  host: string;
  appUrl: URL;
  /** Origins the same-origin guard accepts: APP_URL's, or with APP_URL unset every loopback name on PORT. */
  allowedOrigins: readonly string[];
  database: { url: string; poolSize: number } | { pgliteDir: string };
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  google: { clientId: string; clientSecret: string; issuerUrl: URL } | undefined;
  footerLinks: FooterLinks;
  trustProxy: boolean | number | string | undefined;
  emailEnumerationProtection: boolean;
  logLevel: string;
  rateLimits: RateLimitConfig;
  maintenancePollMs: number;
  mailWorkerIntervalMs: number;
  /** Newsletter messages handed to SMTP per second, over all servers (server/newsletters/rate-slots.ts). */
  emailRatePerSecond: number;
  /** The first newsletter retry after a temporary SMTP failure; each next one waits twice as long, up to an hour. */
  emailRetryBaseMs: number;
  mailLeaseMs: number;
  retention: RetentionConfig;
  media: MediaConfig;
  stripe: StripeConfig | undefined;
  platformPlan: PlatformPlanConfig;
  domains: DomainsConfig;
  messaging: MessagingConfig;
  backups: BackupsConfig;
}

/** Backups the server takes itself (DESIGN.md "Backups (hardening)", docs/decisions/128-backups.md). */
export interface BackupsConfig {
  /** Cron, in UTC; undefined: no scheduled backups. */
  schedule: string | undefined;
  /** The newest scheduled backups kept; older ones are deleted after each new one. */
  keep: number;
}

/** DESIGN.md "Configuration added in release 3": what a custom domain must point at, and who checks. */
export interface DomainsConfig {
  cnameTarget: string;
  ips: readonly string[];
  /** `host:port` of the DNS server; undefined: the system's. */
  resolver: string | undefined;
  timeoutMs: number;
}

/** Limits and timing of messages and comments (docs/decisions/095, 096, 098). */
export interface MessagingConfig {
  messagesPerMinute: number;
  commentsPerMinute: number;
  /** Open event streams one user may hold on one server. */
  streamsPerUser: number;
  /** How long an unread message waits before it is mailed. */
  noticeDelaySeconds: number;
}

/** The names of this machine a newcomer may use without APP_URL (URL.hostname's spelling: IPv6 in brackets). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${variable} ${describeIssue(issue.message)} (got ${JSON.stringify(present[variable] ?? '')})`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  // A newcomer without APP_URL may open any loopback name for this machine; the mail a request causes links to the name used (server/mail/link-origin.ts).
  const allowedOrigins = env.APP_URL ? [appUrl.origin] : LOOPBACK_HOSTS.map((host) => `http://${host}:${env.PORT}`);
  // The dev sink prints reset links to stdout: fine on a laptop, a leak on a real site.
  if (appUrl.protocol === 'https:' && !env.SMTP_URL && !env.MAIL_DEV_SINK) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when APP_URL is https (or set MAIL_DEV_SINK=true to print mail links to the log)');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    appUrl,
    allowedOrigins,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { pgliteDir: path.join(dataDir, 'pglite') },
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: new URL(env.GOOGLE_ISSUER_URL) }
        : undefined,
    footerLinks: {
      developer: env.FOOTER_DEVELOPER_URL,
      professionalNetwork: env.FOOTER_PROFESSIONAL_NETWORK_URL,
      social: env.FOOTER_SOCIAL_URL,
      help: env.FOOTER_HELP_URL,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    domains: {
      cnameTarget: (env.DOMAIN_CNAME_TARGET ?? appUrl.hostname).toLowerCase(),
      ips: (env.DOMAIN_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
      resolver: env.DNS_RESOLVER,
      timeoutMs: env.DNS_TIMEOUT_MS,
    },
    emailEnumerationProtection: env.AUTH_EMAIL_ENUMERATION_PROTECTION,
    logLevel: env.LOG_LEVEL,
    rateLimits: {
      loginFreeFailures: env.RATE_LIMIT_LOGIN_FREE_FAILURES,
      loginMaxBackoffSeconds: env.RATE_LIMIT_LOGIN_MAX_BACKOFF_SECONDS,
      loginFailuresPerIp: env.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      loginFailuresWindowSeconds: env.RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS,
      signupsPerIp: env.RATE_LIMIT_SIGNUPS_PER_IP,
      signupsWindowSeconds: env.RATE_LIMIT_SIGNUPS_WINDOW_SECONDS,
      mailWindowSeconds: env.RATE_LIMIT_MAILS_PER_ADDRESS_WINDOW_SECONDS,
      mailsPerAddressPerDay: env.RATE_LIMIT_MAILS_PER_ADDRESS_PER_DAY,
      resetAttemptsPerIp: env.RATE_LIMIT_RESET_ATTEMPTS_PER_IP,
      resetAttemptsPerEmail: env.RATE_LIMIT_RESET_ATTEMPTS_PER_EMAIL,
      resetWindowSeconds: env.RATE_LIMIT_RESET_WINDOW_SECONDS,
    },
    maintenancePollMs: env.MAINTENANCE_POLL_MS,
    mailWorkerIntervalMs: env.MAIL_WORKER_INTERVAL_MS,
    emailRatePerSecond: env.EMAIL_RATE_PER_SECOND,
    emailRetryBaseMs: env.EMAIL_RETRY_BASE_MS,
    mailLeaseMs: env.MAIL_LEASE_MS,
    retention: {
      cleanupIntervalSeconds: env.CLEANUP_INTERVAL_SECONDS,
      mailDays: env.RETENTION_MAIL_DAYS,
      authEventsDays: env.RETENTION_AUTH_EVENTS_DAYS,
      emailTokensDays: env.RETENTION_EMAIL_TOKENS_DAYS,
      rateLimitsDays: env.RETENTION_RATE_LIMITS_DAYS,
    },
    media: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      uploadExpiryMs: env.UPLOAD_EXPIRY_HOURS * 3600_000,
      siteStorageQuotaBytes: env.SITE_STORAGE_QUOTA_BYTES,
      jobHeartbeatSeconds: env.MEDIA_JOB_HEARTBEAT_SECONDS,
      queueSuperviseSeconds: env.QUEUE_SUPERVISE_SECONDS,
    },
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
          apiUrl: new URL(env.STRIPE_API_URL),
        }
      : undefined,
    platformPlan: {
      feeEnabled: env.PLATFORM_FEE === 'on',
      monthlyPrice: env.PLATFORM_PRICE_MONTHLY,
      currency: env.PLATFORM_CURRENCY,
      trialDays: env.PLATFORM_TRIAL_DAYS,
    },
    messaging: {
      messagesPerMinute: env.MESSAGES_PER_MINUTE,
      commentsPerMinute: env.COMMENTS_PER_MINUTE,
      streamsPerUser: env.MESSAGE_STREAMS_PER_USER,
      noticeDelaySeconds: env.MESSAGE_NOTICE_DELAY_SECONDS,
    },
    backups: { schedule: env.BACKUP_SCHEDULE?.trim(), keep: env.BACKUP_KEEP },
  };
}

/** Express's trust-proxy setting: a hop count, true/false, or a list of addresses. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function describeIssue(message: string): string {
  return message.replace(/^Invalid input: /, 'must be ').replace(/^Invalid /, 'must be a valid ');
}
