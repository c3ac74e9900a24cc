/** What other rooms use of server/health/ (docs/architecture.md): its public surface. */
export { createHealthFeature } from './health-feature.ts';
