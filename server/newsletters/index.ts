/** What other rooms use of server/newsletters/ (docs/architecture.md): its public surface. */
export { createEmailFeature } from './newsletters-feature.ts';
export { createEmail, emailQueues } from './newsletters-module.ts';
