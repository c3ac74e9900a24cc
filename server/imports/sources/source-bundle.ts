/**
 * What every source's reader (substack.ts, ghost.ts, wordpress.ts, patreon.ts,
 * mailchimp.ts, platform.ts) makes of its file: the same plain shape, so the
 * dry run and the run (server/imports/) know no source. A reader only reads: it
 * fetches nothing, writes nothing, and reports what it cannot read as problems
 * in plain words (or throws `invalid-import` when the file is not what it says).
 */
import type { Readable } from 'node:stream';
import type { ImportProblem, ImportSource } from '../../../common/api/imports.ts';
import type { Design } from '../../../common/design.ts';
import type { TipSettings } from '../../../common/earn.ts';
import type { EditorDocument, PostVisibility } from '../../../common/posts.ts';
import type { ExportedOffer, ExportedProduct, ExportedSettings, ExportedTier } from '../../exports/index.ts';

/** A file a post uses: an address on the source's hosts (fetched through the address guard) or an entry of the uploaded archive. */
export type SourceFile = { url: string } | { entry: string };

export interface SourcePost {
  /** What the source calls it (Substack's post id, Ghost's id, WordPress's post id, our id): the import's key. */
  key: string;
  /** Wanted slug; kept where free on the site. */
  slug: string;
  title: string;
  /** Subtitle or excerpt. */
  excerpt: string;
  /** The body as HTML; absolute addresses (`__GHOST_URL__` and relative links resolved by the reader). */
  html: string;
  /** Our own export only: the editor's document as it was saved, naming the export's media keys; used instead of `html`. */
  document?: EditorDocument;
  status: 'published' | 'draft';
  publishedAt: Date | null;
  /** Our own export only: when the post was written and last changed there, kept so the site reads the same after a move. */
  createdAt?: Date;
  updatedAt?: Date;
  /** `tiers` only from our own export, with `tierNames`. */
  visibility: PostVisibility;
  tierNames?: string[];
  tags: string[];
  cover?: SourceFile & { alt?: string };
  /** Addresses in `html` of images and files on the source's hosts, to copy into the media library (absolute URLs, as they appear). */
  fileUrls: string[];
  /** Old paths relative to the site's root that answer 301 to the post: `/p/{slug}`, `/{slug}/`, `/?p=12`, `/2024/05/01/{slug}/`. */
  oldPaths: string[];
  /** Where it is in the file, for problems: "posts.csv line 14", "item 3 (Hello)". */
  where: string;
}

export interface SourceMember {
  /** Lowercased, trimmed; not yet checked: the planner refuses a bad one as a problem. */
  email: string;
  name: string;
  /** Where it is in the file: "email_list.csv line 4". */
  where: string;
  createdAt: Date | null;
  /** Newsletters on (false for unsubscribed, cleaned or e-mail-disabled addresses, and for those that never subscribed). */
  subscribedToEmails: boolean;
  /**
   * Off only because the address never subscribed at the source (Mailchimp's nonsubscribed contacts, who bought or
   * registered there): no one asked not to be mailed, so a member already here keeps the newsletters they chose here.
   */
  neverSubscribed?: boolean;
  /** Pays at the source now (a paid Substack subscription, a Ghost paid member, an active patron). */
  paid: boolean;
  /**
   * The key of the source's plan or tier this member is on, as `ImportTierChoice.source`: a Patreon
   * tier's name, a Ghost tier's name. Substack leaves it out: the planner finds the Stripe price.
   */
  plan?: string;
  /** The customer on the creator's own Stripe account, when the file names it. */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** Comped at the source on `plan` (a Ghost member on a complimentary plan): pays nothing there, yet is on that tier. */
  comped?: boolean;
  /** Patreon: the next charge date; an active patron is comped until then. */
  compUntil?: Date | null;
  note?: string;
  labels?: string[];
  /** Our own export only: the membership as it was. */
  platform?: { tierName: string; status: string; compExpiresAt: Date | null };
}

export interface SourceComment {
  key: string;
  postKey: string;
  parentKey: string | null;
  /** The author's address, or null for a deleted member. */
  authorEmail: string | null;
  body: string;
  createdAt: Date;
  hidden: boolean;
  pinned: boolean;
}

/** A tier of our own export, as site.json writes it (docs/export-format.md). */
export type SourceTier = ExportedTier;

/** An offer of our own export; its tier by name. */
export type SourceOffer = ExportedOffer;

/** A product of our own export; its cover and files by their entries in the archive (SourceMedia's `entry`). */
export type SourceProduct = ExportedProduct;

export interface SourceMedia {
  /** Our id in the export; posts' HTML and the design name it. */
  key: string;
  /** The archive entry holding the original. */
  entry: string;
  originalName: string;
  type: string;
  alt: string;
}

/** Our own export carries the whole site beside posts and members (docs/export-format.md). */
export interface PlatformExtras {
  site: { title: string; tagline: string; about: string; brandColor: string; avatarMediaKey: string | null; bannerMediaKey: string | null };
  /** Who may comment and write, message notices, past-due access; undefined when they broke the rules (the site keeps its own). */
  settings: ExportedSettings | undefined;
  design: { draft: Design | null; published: Design | null; versions: { design: Design; publishedAt: Date }[] };
  tiers: SourceTier[];
  media: SourceMedia[];
  comments: SourceComment[];
  offers: SourceOffer[];
  products: SourceProduct[];
  /** The tip jar; undefined when the export has none (format 1). */
  tips: TipSettings | undefined;
}

export interface SourceBundle {
  source: ImportSource;
  posts: SourcePost[];
  members: SourceMember[];
  /** What the reader could not read, in plain words, by where: a post listed with no body, a row without an address. */
  problems: ImportProblem[];
  platform?: PlatformExtras;
  /** An entry of the uploaded archive, for `{ entry }` files; undefined when there is none. */
  openEntry(entry: string): Promise<Readable | undefined>;
  /** Lets go of the file (the zip reader's descriptor). */
  close(): Promise<void>;
}

/** What a reader is handed: the uploaded file on the local disk, its name as uploaded, and the options the creator gave. */
export interface SourceInput {
  filePath: string;
  fileName: string;
  /** Ghost: the old site's address (`https://example.com`), against which `__GHOST_URL__` is resolved. */
  sourceUrl?: string;
}

export type SourceReader = (input: SourceInput) => Promise<SourceBundle>;
