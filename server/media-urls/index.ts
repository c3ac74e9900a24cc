/** What other rooms use of server/media-urls/ (docs/architecture.md): its public surface. */
export { MEDIA_URL_PREFIX, PUBLIC_MEDIA_TOKEN, createMediaUrlSigner, publicMediaPrefix, type MediaUrlSigner } from './media-urls.ts';
