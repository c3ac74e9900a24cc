/** What other rooms use of server/dashboard/ (docs/architecture.md): its public surface. */
export { createDashboardFeature } from './dashboard-feature.ts';
export { createOverviewService } from './overview.ts';
