/** What other rooms use of server/support/ (docs/architecture.md): its public surface. */
export { createSupportFeature } from './support-feature.ts';
export { supportMailTemplates } from './support-mail.ts';
export { createSupportService } from './support-service.ts';
