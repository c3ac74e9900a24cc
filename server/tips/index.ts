/** What other rooms use of server/tips/ (docs/architecture.md): its public surface. */
export { createTipsFeature } from './tips-feature.ts';
export { createTipsService, type TipsService } from './tips-service.ts';
