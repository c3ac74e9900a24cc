/**
 * The configuration room: the environment parsed once at start-up into a typed Config
 * (load-config.ts composes each area's part, read in its own file here). Everything
 * else in the server takes its settings from the Config it is handed.
 */
export { ConfigError, LOOPBACK_HOSTS, loadConfig, type Config } from './load-config.ts';
export { environmentSchema, type Environment } from './environment.ts';
export { readMessaging, readRateLimits, readRetention, type MessagingConfig, type RateLimitConfig, type RetentionConfig } from './limits.ts';
export { readMedia, type MediaConfig, type S3Config } from './media.ts';
export { readPlatformPlan, readStripe, type PlatformPlanConfig, type StripeConfig } from './money.ts';
export { readBackups, readDomains, type BackupsConfig, type DomainsConfig } from './operations.ts';
