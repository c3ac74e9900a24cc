/** What other rooms use of server/imports/ (docs/architecture.md): its public surface. */
export { createImportsFeature } from './imports-feature.ts';
export { importsQueues } from './import-jobs.ts';
export { createImports } from './imports-module.ts';
export { patronInvitationMailTemplates } from './members/patron-invitation-mail.ts';
