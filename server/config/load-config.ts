/**
 * The environment, parsed once at start-up into a typed Config (DESIGN.md
 * "Configuration"). A bad value stops start-up with one line naming the
 * variable; nothing else in the server reads process.env. The variables and
 * their rules are one list (config/environment.ts); each area's part of Config
 * is read in its own file under config/.
 */
import path from 'node:path';
import type { FooterLinks } from '../../common/api-types.ts';
import { environmentSchema } from './environment.ts';
import { readMessaging, readRateLimits, readRetention, type MessagingConfig, type RateLimitConfig, type RetentionConfig } from './limits.ts';
import { readMedia, type MediaConfig } from './media.ts';
import { readPlatformPlan, readStripe, type PlatformPlanConfig, type StripeConfig } from './money.ts';
import { readBackups, readDomains, type BackupsConfig, type DomainsConfig } from './operations.ts';

export interface Config {
  port: number;
  host: string;
  appUrl: URL;
  /** Origins the same-origin guard accepts: APP_URL's, or with APP_URL unset every loopback name on PORT. */
  allowedOrigins: readonly string[];
  database: { url: string; poolSize: number } | { pgliteDir: string };
  dataDir: string;
  /** APP_SECRET: the key secrets kept for later are sealed with (server/secrets/); unset, the server makes one in DATA_DIR. */
  appSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  google: { clientId: string; clientSecret: string; issuerUrl: URL } | undefined;
  footerLinks: FooterLinks;
  /** PLATFORM_BADGE: a site's footer says "Powered by" the platform, linked to APP_URL; off, a site shows nothing of the platform (docs/decisions/142). */
  platformBadge: boolean;
  trustProxy: boolean | number | string | undefined;
  emailEnumerationProtection: boolean;
  logLevel: string;
  /** `text`: one readable line per event, for a person at a terminal (`npm start`); `json`: one JSON object a line, for a log collector (the image's default). */
  logFormat: 'text' | 'json';
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
  /**
   * IMPORT_ALLOW_PRIVATE_ADDRESSES: let imports fetch files from loopback and private addresses (tests only; the address
   * guard, docs/decisions/154). IMPORT_FETCH_TIMEOUT_MS: how long one of an import's files may take, in its dry run's
   * check and in the run alike (docs/decisions/177).
   */
  imports: { allowPrivateAddresses: boolean; fetchTimeoutMs: number };
  stripe: StripeConfig | undefined;
  /** Where Stripe's API is, for the platform's key and creators' own keys alike (STRIPE_API_URL; tests point it at their local server). */
  stripeApiUrl: URL;
  platformPlan: PlatformPlanConfig;
  domains: DomainsConfig;
  messaging: MessagingConfig;
  backups: BackupsConfig;
}

/** The names of this machine a newcomer may use without APP_URL (URL.hostname's spelling: IPv6 in brackets). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables whose values are secrets: APP_SECRET, STRIPE_SECRET_KEY, the webhook and OAuth secrets, S3's secret key, passwords. */
const SECRET_VARIABLE = /SECRET|PASSWORD/;

export function loadConfig(environment: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    // A secret's value is never echoed (start-up lines reach logs): only its length.
    const got = SECRET_VARIABLE.test(variable) ? `${(present[variable] ?? '').length} characters` : JSON.stringify(present[variable] ?? '');
    throw new ConfigError(`Invalid configuration: ${variable} ${describeIssue(issue.message)} (got ${got})`);
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
    appSecret: env.APP_SECRET,
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
    platformBadge: env.PLATFORM_BADGE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    domains: readDomains(env, appUrl),
    emailEnumerationProtection: env.AUTH_EMAIL_ENUMERATION_PROTECTION,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    rateLimits: readRateLimits(env),
    maintenancePollMs: env.MAINTENANCE_POLL_MS,
    mailWorkerIntervalMs: env.MAIL_WORKER_INTERVAL_MS,
    emailRatePerSecond: env.EMAIL_RATE_PER_SECOND,
    emailRetryBaseMs: env.EMAIL_RETRY_BASE_MS,
    mailLeaseMs: env.MAIL_LEASE_MS,
    retention: readRetention(env),
    media: readMedia(env),
    imports: { allowPrivateAddresses: env.IMPORT_ALLOW_PRIVATE_ADDRESSES, fetchTimeoutMs: env.IMPORT_FETCH_TIMEOUT_MS },
    stripe: readStripe(env),
    stripeApiUrl: new URL(env.STRIPE_API_URL),
    platformPlan: readPlatformPlan(env),
    messaging: readMessaging(env),
    backups: readBackups(env),
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
