/** What other rooms and the composition root use of server/account-deletion/ (docs/architecture.md): its public surface. */
export { createAccountDeletionFeature } from './account-deletion-feature.ts';
export { deletionProofOf } from './account-deletion-routes.ts';
export { createAccountDeletionService, type AccountDeletionService } from './account-deletion-service.ts';
export { deletionCodeMailTemplate } from './deletion-code-mail.ts';
