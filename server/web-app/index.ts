/** What other rooms use of server/web-app/ (docs/architecture.md): its public surface. */
export { HYDRATE_AFTER_PAINT_CSP_SOURCE } from './hydrate-after-paint.ts';
export { readManifest } from './route-preloads.ts';
export { staticClient } from './static-client.ts';
