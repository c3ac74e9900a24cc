/** What other rooms use of server/members/ (docs/architecture.md): its public surface. */
export { endExpiredCompsJob } from './end-expired-comps.ts';
export { csvLine, EXPORT_CELLS } from './members-export.ts';
export { createMembersFeature } from './members-feature.ts';
export { createMembersImport } from './members-import.ts';
export { createMembersService } from './members-service.ts';
