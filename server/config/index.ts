/** The parts of Config, read from the parsed environment; server/config.ts composes them into loadConfig. */
export { environmentSchema, type Environment } from './environment.ts';
export { readMessaging, readRateLimits, readRetention, type MessagingConfig, type RateLimitConfig, type RetentionConfig } from './limits.ts';
export { readMedia, type MediaConfig, type S3Config } from './media.ts';
export { readPlatformPlan, readStripe, type PlatformPlanConfig, type StripeConfig } from './money.ts';
export { readBackups, readDomains, type BackupsConfig, type DomainsConfig } from './operations.ts';
