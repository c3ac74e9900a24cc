/** What other rooms use of server/rate-limits/ (docs/architecture.md): its public surface. */
export { createRateLimiter, type RateLimiter } from './rate-limit.ts';
