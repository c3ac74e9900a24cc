/** What other rooms use of server/design/ (docs/architecture.md): its public surface. */
export { createDesignFeature } from './design-feature.ts';
export { createDesignService } from './design-service.ts';
