/** What other rooms use of server/member-account/ (docs/architecture.md): its public surface. */
export { createMemberAccountFeature } from './member-account-feature.ts';
export { createMemberAccountService } from './member-account-service.ts';
