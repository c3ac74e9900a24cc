/** What other rooms use of server/tiers/ (docs/architecture.md): its public surface. */
export { createTiersFeature } from './tiers-feature.ts';
export { createTiersService } from './tiers-service.ts';
