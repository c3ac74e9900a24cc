/**
 * How long the public pages' signed media URLs live. The signer itself is the
 * media feature's (one secret per installation, read once); only the media the
 * access rule opens to the reader is ever signed: a page collects the ids it
 * may show and asks for those alone.
 */
import type { MediaUrlSigner } from '../media-urls/index.ts';

/** Body media: short-lived, so a shared link of a gated file soon stops working. */
export const BODY_MEDIA_TTL_MS = 6 * 60 * 60 * 1000;
/** Banner, avatar and cover: public on every card and feed that quotes the page, so they outlive a crawler's cache a while. */
export const PUBLIC_IMAGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type LazySigner = () => Promise<MediaUrlSigner>;
