/** The health feature: GET /healthz for load balancers and the image's HEALTHCHECK. */
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Feature } from '../feature.ts';
import { healthHandler } from './health-routes.ts';

export function createHealthFeature({ database }: { database: DatabaseHandle }): Feature {
  return { name: 'health', bareGets: [{ path: '/healthz', handler: healthHandler(database) }] };
}
