/** What other rooms use of server/settings/ (docs/architecture.md): its public surface. */
export { createMaintenanceState, type MaintenanceState } from './maintenance.ts';
export { createSettingsFeature } from './settings-feature.ts';
