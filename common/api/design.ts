/**
 * The site's design (DESIGN.md "Customise the site" and its API rows): the
 * draft the editor saves, the published design readers see, the kept
 * versions and the themes. Every change sends the `revision` it was made
 * from; a stale one is a 409 `design-changed`, never a silent overwrite.
 */
import type { Design, ThemeName } from '../design.ts';
import { endpoint } from './endpoint.ts';

export interface DesignVersionView {
  id: string;
  version: number;
  publishedAt: string;
}

export interface DesignState {
  /** What the editor edits: the unpublished draft, else the published design, else today's layout. */
  draft: Design;
  /** Whether the draft differs from what readers see (something to publish or discard). */
  hasDraft: boolean;
  published: Design | null;
  revision: number;
  versions: DesignVersionView[];
  themes: { name: ThemeName; label: string; description: string }[];
  /** The owner's preview of the draft as a visitor sees it, never publicly cached. */
  previewUrl: string;
  /** The public address of the site. */
  siteUrl: string;
}

/** A refused design: 400 `invalid-design` with the dotted path of the first problem. */
export interface DesignProblemBody {
  error: { code: 'invalid-design'; message: string; path: string; detail: string };
}

export const getDesign = endpoint<undefined, undefined, DesignState>('GET', '/api/design');
export const saveDesignDraft = endpoint<{ design: Design; revision: number }, undefined, { revision: number }>('PUT', '/api/design/draft');
export const publishDesign = endpoint<{ revision: number }, undefined, DesignState>('POST', '/api/design/publish');
export const discardDesign = endpoint<{ revision: number }, undefined, DesignState>('POST', '/api/design/discard');
export const restoreDesignVersion = endpoint<{ revision: number }, undefined, DesignState>('POST', '/api/design/versions/:id/restore');
