/** The studio's /preview-page: the creator's site address and the posts only they can preview. */
import type { PostStatus, PostVisibility } from '../posts.ts';
import { endpoint } from './endpoint.ts';

export interface PreviewPost {
  id: string;
  title: string;
  status: PostStatus;
  visibility: PostVisibility;
  /** When a scheduled post goes live; null for a draft without a date. */
  publishAt: string | null;
  updatedAt: string;
  /** `/@{handle}/posts/{slug}?preview=1`: readable by the owner only. */
  previewUrl: string;
}

export interface SitePreview {
  site: { handle: string; title: string; published: boolean; url: string; previewUrl: string } | null;
  posts: PreviewPost[];
}

export const getSitePreview = endpoint<undefined, undefined, SitePreview>('GET', '/api/site-preview');
