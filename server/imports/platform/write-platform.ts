/**
 * What only our own export brings, written for the import runner
 * (server/imports/run/platform-phase.ts): its tiers, media, site and design,
 * offers, products and comments, each idempotent through import-items.ts; and the remap of
 * media ids in a post's document.
 */
export { remapDocument } from './remap-media.ts';
export { writePlatformComments } from './write-comments.ts';
export { writePlatformMedia } from './write-media.ts';
export { writePlatformOffers } from './write-offers.ts';
export { writePlatformProducts } from './write-products.ts';
export { writePlatformSite } from './write-site.ts';
export { writePlatformTiers } from './write-tiers.ts';
