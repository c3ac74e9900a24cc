/**
 * The configuration room: the environment parsed once at start-up into a typed Config
 * (load-config.ts composes each area's part, read in its own file here). Everything
 * else in the server takes its settings from the Config it is handed.
 */
export { ConfigError, LOOPBACK_HOSTS, loadConfig, type Config } from './load-config.ts';
export type { Environment } from './environment.ts';
export type { MessagingConfig, RateLimitConfig, RetentionConfig } from './limits.ts';
export type { MediaConfig, S3Config } from './media.ts';
export type { PlatformPlanConfig, StripeConfig } from './money.ts';
export type { BackupsConfig, DomainsConfig } from './operations.ts';
