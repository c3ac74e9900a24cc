/**
 * What a feature adds to the app. Each feature folder exports a factory that is
 * handed only the services it uses and returns this; app.ts mounts the features
 * of its one list and knows nothing else about them
 * (docs/decisions/024-feature-modules.md).
 */
import type { RequestHandler } from 'express';

export interface FeatureMount {
  path: string;
  handler: RequestHandler;
}

export interface Feature {
  name: string;
  /** Runs first on every request, before even the bare answers: routing by `Host` (server/domains/host-routing.ts). */
  first?: readonly RequestHandler[];
  /**
   * GET answers served ahead of logging, security headers, sessions and the
   * maintenance gate: the calls every page load and every load balancer make,
   * kept bare so they stay fast (bench/maintenance.bench.ts).
   */
  bareGets?: readonly FeatureMount[];
  /** Routers behind the shared middleware; each mounts its own same-origin check where it takes writes. */
  routers?: readonly FeatureMount[];
}
