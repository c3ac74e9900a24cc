/** What other rooms and the composition root use of server/account-deletion/ (docs/architecture.md): its public surface. */
export { createAccountDeletionFeature } from './account-deletion-feature.ts';
export { createAccountDeletionService } from './account-deletion-service.ts';
