/** /api/config: the public settings and the maintenance flag every page load asks for. */
import type { MaintenanceResponse, PublicConfig } from '../api-types.ts';
import { endpoint } from './endpoint.ts';

export const config = endpoint<undefined, undefined, PublicConfig>('GET', '/api/config');
export const maintenance = endpoint<undefined, undefined, MaintenanceResponse>('GET', '/api/config/maintenance');
