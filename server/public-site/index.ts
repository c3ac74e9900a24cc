/** What other rooms use of server/public-site/ (docs/architecture.md): its public surface. */
export { createDesignPages, type DesignPages } from './design-pages.ts';
export { createPageCache } from './page-cache.ts';
export { createPageViewCounter } from './page-views.ts';
export { joinMailTemplates } from './join-mail.ts';
export { createPublicSiteFeature } from './public-site-feature.ts';
export { readSiteAssets } from './read-site-assets.ts';
