/**
 * The site export's format (docs/export-format.md), version 2: the file names
 * and the shapes of its JSON files, in one place for the writer here and the
 * reader of our own export (server/imports/sources/platform.ts), so the two
 * cannot drift apart.
 */
import type { Design } from '../../common/design.ts';
import type { OfferTerms } from '../../common/api/offers.ts';
import type { ProductStatus, TipSettings } from '../../common/earn.ts';
import type { Audience, MessageNotices } from '../../common/messaging.ts';
import type { EditorDocument, PostStatus, PostVisibility } from '../../common/posts.ts';

/** Version 2 added the tiers' trials, the offers, the products and the tip jar to site.json. */
export const EXPORT_FORMAT_VERSION = 2;
/** The versions a reader of this platform reads: an export of version 1 simply has none of version 2's additions. */
export const EXPORT_FORMAT_VERSIONS_READ: readonly number[] = [1, 2];

export const MANIFEST_FILE = 'manifest.json';
export const SITE_FILE = 'site.json';
export const MEDIA_FILE = 'media.json';
export const MEMBERS_FILE = 'members.csv';
export const COMMENTS_FILE = 'comments.json';
export const MESSAGES_FILE = 'messages.json';
/** Added within version 2: a reader finds it in newer exports only, and reads an export without it as one with no old addresses. */
export const REDIRECTS_FILE = 'redirects.json';
export const POSTS_FOLDER = 'posts/';
export const MEDIA_FOLDER = 'media/';

/** Our columns after Ghost's in members.csv (server/members/members-export.ts writes Ghost's). */
export const PLATFORM_MEMBER_COLUMNS = ['status', 'cadence', 'stripe_subscription_id', 'comp_expires_at', 'joined_at'] as const;

export interface ExportManifest {
  formatVersion: number;
  /** ISO. */
  exportedAt: string;
  site: { handle: string; title: string };
  counts: { posts: number; media: number; members: number; comments: number; conversations: number; messages: number };
  /** Every other file of the zip: its SHA-256 (hex) and length. */
  files: Record<string, { sha256: string; bytes: number }>;
}

export interface ExportedTier {
  name: string;
  description: string;
  benefits: string[];
  type: 'free' | 'paid';
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  currency: string;
  active: boolean;
  position: number;
  stripeProductId: string | null;
  stripeMonthlyPriceId: string | null;
  stripeYearlyPriceId: string | null;
  /** Days of free trial every paid join starts with; absent in version 1. */
  trialDays?: number | null;
}

/** An offer on a paid tier; `tier` is the tier's name, as members.csv names tiers. */
export interface ExportedOffer extends OfferTerms {
  redemptions: number;
  archived: boolean;
  tier: string;
  stripeCouponId: string | null;
}

/** A digital product; its cover and files are `path`s of media.json, the files in their order. */
export interface ExportedProduct {
  title: string;
  slug: string;
  description: string;
  price: number;
  currency: string;
  status: ProductStatus;
  cover: string | null;
  files: string[];
}

/** Who may comment and write, when the creator hears of messages, and whether a past-due member still reads. */
export interface ExportedSettings {
  commentsFrom: Audience;
  messagesFrom: Audience;
  messageNotices: MessageNotices;
  pastDueAccess: boolean;
}

export interface ExportedSite {
  site: {
    handle: string;
    title: string;
    tagline: string;
    about: string;
    brandColor: string;
    avatarMediaId: string | null;
    bannerMediaId: string | null;
    publishedAt: string | null;
    createdAt: string;
  };
  settings: ExportedSettings;
  design: { draft: Design | null; published: Design | null; versions: { version: number; design: Design; publishedAt: string }[] };
  tiers: ExportedTier[];
  /** Version 2 on; absent in version 1. */
  offers?: ExportedOffer[];
  products?: ExportedProduct[];
  tips?: TipSettings;
}

export interface ExportedPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  status: PostStatus;
  visibility: PostVisibility;
  /** A `tiers` post's tiers, by name; empty otherwise. */
  tierNames: string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  coverMediaId: string | null;
  /** The editor's document as saved; its media nodes name ids of media.json. */
  body: EditorDocument;
}

export interface ExportedMedia {
  id: string;
  kind: string;
  type: string;
  originalName: string;
  alt: string;
  bytes: number;
  /** The zip entry holding the original: `media/{id}/{file name}`. */
  path: string;
}

export interface ExportedComment {
  id: string;
  post: string;
  parent: string | null;
  author: string | null;
  body: string;
  createdAt: string;
  hidden: boolean;
  pinned: boolean;
}

/** An old address of a post (an earlier import's `/p/{slug}`, `/{slug}/`, `/?p=12`, dated path) that answers 301 to it; `post` is its slug. */
export interface ExportedRedirect {
  path: string;
  post: string;
}
