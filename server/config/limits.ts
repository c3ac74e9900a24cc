/** The limits and periods of Config: rate limits, how long rows are kept, and messaging's limits and timing. */
import type { Environment } from './environment.ts';

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
  /** An import's dry runs per creator an hour: each reads and keeps a file of up to 2 GiB. */
  importDryRunsPerHour: number;
  /** One-time Checkouts (a tip) anyone may open from one address an hour: each makes a session on the creator's account. */
  checkoutsPerIpPerHour: number;
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

/** Limits and timing of messages and comments (docs/decisions/095, 096, 098). */
export interface MessagingConfig {
  messagesPerMinute: number;
  commentsPerMinute: number;
  /** Open event streams one user may hold on one server. */
  streamsPerUser: number;
  /** How long an unread message waits before it is mailed. */
  noticeDelaySeconds: number;
}

export function readRateLimits(env: Environment): RateLimitConfig {
  return {
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
    importDryRunsPerHour: env.RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR,
    checkoutsPerIpPerHour: env.RATE_LIMIT_CHECKOUTS_PER_IP_PER_HOUR,
  };
}

export function readRetention(env: Environment): RetentionConfig {
  return {
    cleanupIntervalSeconds: env.CLEANUP_INTERVAL_SECONDS,
    mailDays: env.RETENTION_MAIL_DAYS,
    authEventsDays: env.RETENTION_AUTH_EVENTS_DAYS,
    emailTokensDays: env.RETENTION_EMAIL_TOKENS_DAYS,
    rateLimitsDays: env.RETENTION_RATE_LIMITS_DAYS,
  };
}

export function readMessaging(env: Environment): MessagingConfig {
  return {
    messagesPerMinute: env.MESSAGES_PER_MINUTE,
    commentsPerMinute: env.COMMENTS_PER_MINUTE,
    streamsPerUser: env.MESSAGE_STREAMS_PER_USER,
    noticeDelaySeconds: env.MESSAGE_NOTICE_DELAY_SECONDS,
  };
}
