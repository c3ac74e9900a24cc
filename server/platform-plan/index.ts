/** What other rooms use of server/platform-plan/ (docs/architecture.md): its public surface. */
export { platformPlanWebhookHandlers } from './plan-webhooks.ts';
export { createPlatformPlanFeature } from './platform-plan-feature.ts';
export { createPlatformPlanService } from './platform-plan-service.ts';
