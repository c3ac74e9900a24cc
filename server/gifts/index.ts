/** What other rooms use of server/gifts/ (docs/architecture.md): its public surface. */
export { createGiftFulfiller } from './gift-fulfiller.ts';
export { giftMailsJob } from './gift-jobs.ts';
export { giftMailTemplates } from './gift-mails.ts';
export { createGiftsFeature } from './gifts-feature.ts';
export { createGiftsService, type GiftsService } from './gifts-service.ts';
