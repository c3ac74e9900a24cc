/** What other rooms use of server/sites/ (docs/architecture.md): its public surface. */
export { createOnboardingService } from './onboarding.ts';
export { copyDesignColour, loadMailBrand } from './site-brand.ts';
export { createSiteChanges, type SiteChanged } from './site-changes.ts';
export { imageFileFor, siteAddress } from './site-json.ts';
export { activeDomainOfSite, findSiteByHandle, findSiteByOwner, type Site } from './site-lookup.ts';
export { sitePath, siteUrl } from './site-url.ts';
export { createSitesFeature } from './sites-feature.ts';
export { createSitesService } from './sites-service.ts';
