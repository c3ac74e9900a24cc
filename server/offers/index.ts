/**
 * What other rooms use of server/offers/ (docs/architecture.md): offers on a paid tier, a discount or a free trial
 * reached by its code (DESIGN.md "More ways to be paid", docs/decisions/162 and 164). Memberships stay the writer of
 * memberships: an offer only changes the Checkout of a paid join and counts its seats.
 */
export { importOffer, type ImportedOffer, type ImportOfferOutcome } from './import-offer.ts';
export { createOfferCheckout, type OfferCheckout, type OfferOnPage } from './offer-checkout.ts';
export { offerStatus } from './offer-view.ts';
export { offerWebhookHandlers } from './offer-webhooks.ts';
export { createOffersFeature } from './offers-feature.ts';
export { createOffersService } from './offers-service.ts';
