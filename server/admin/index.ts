/** What other rooms use of server/admin/ (docs/architecture.md): its public surface. */
export { createAdminFeature } from './admin-feature.ts';
export { createAdminService, type AdminService } from './admin-service.ts';
export { createOperatorService } from './operator-service.ts';
