/** The side panel's post settings: the address (slug), the excerpt, the cover image and who may read the post. */
import { useId, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import { publicPostPath } from '../../../../common/api/posts.ts';
import { POST_EXCERPT_MAX_LENGTH, POST_SLUG_MAX_LENGTH } from '../../../../common/posts.ts';
import { isValidSlug, slugify } from '../../../../common/slugs.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { FieldError, describedBy, fieldHintId } from '../../../components/FieldError.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { MARKER_ON_PUBLIC_POST, VISIBILITY_CHOICES } from '../../../content/posts.ts';
import { TierPicker } from './TierPicker.tsx';
import { call } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';
import { MediaThumbnail } from './MediaThumbnail.tsx';
import type { DraftFields } from './usePostDraft.ts';

interface PostSettingsProps {
  fields: DraftFields;
  /** The slug the server holds, shown until the creator edits it. */
  savedSlug: string | undefined;
  handle: string | null;
  slugError: string | undefined;
  /** Whether the body holds the members-only line, which a public post may not publish with. */
  hasMarker: boolean;
  onChange: (patch: Partial<DraftFields>) => void;
  onChooseCover: () => void;
}

export function PostSettings({ fields, savedSlug, handle, slugError, hasMarker, onChange, onChooseCover }: PostSettingsProps) {
  const slugId = useId();
  const excerptId = useId();
  const visibilityName = useId();
  const slug = fields.slug ?? savedSlug ?? slugify(fields.title);
  const [slugProblem, setSlugProblem] = useState<string>();
  const shownSlugError = slugProblem ?? slugError;
  const path = handle && slug ? publicPostPath(handle, slug) : undefined;

  return (
    <section className="post-panel__section" aria-labelledby={`${slugId}-heading`}>
      <h2 id={`${slugId}-heading`} className="post-panel__heading">
        Post settings
      </h2>

      <div className="field">
        <label className="field__label" htmlFor={slugId}>
          URL
        </label>
        <input
          id={slugId}
          className="field__input"
          value={slug}
          maxLength={POST_SLUG_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={shownSlugError ? true : undefined}
          aria-describedby={describedBy(slugId, { hasHint: true, error: shownSlugError })}
          onChange={(event) => {
            setSlugProblem(undefined);
            onChange({ slug: event.target.value.toLowerCase().replace(/\s+/g, '-') });
          }}
          onBlur={() => {
            if (fields.slug === undefined) return;
            const cleaned = slugify(fields.slug);
            if (cleaned !== fields.slug) onChange({ slug: cleaned });
            if (!isValidSlug(cleaned)) setSlugProblem('Use lowercase letters, numbers and dashes.');
          }}
        />
        <p id={fieldHintId(slugId)} className="field__hint post-panel__url">
          {path ? `${window.location.origin}${path}` : 'Your site’s address comes first.'}
        </p>
        <FieldError fieldId={slugId} message={shownSlugError} />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={excerptId}>
          Excerpt
        </label>
        <textarea
          id={excerptId}
          className="field__input post-panel__excerpt"
          rows={3}
          maxLength={POST_EXCERPT_MAX_LENGTH}
          value={fields.excerpt}
          aria-describedby={describedBy(excerptId, { hasHint: true, hasCount: true })}
          onChange={(event) => onChange({ excerpt: event.target.value })}
        />
        <CharacterCount fieldId={excerptId} length={fields.excerpt.length} max={POST_EXCERPT_MAX_LENGTH} />
        <p id={fieldHintId(excerptId)} className="field__hint">
          Shown in lists, link previews and to readers who cannot see a members-only post.
        </p>
      </div>

      <CoverField coverMediaId={fields.coverMediaId} onChoose={onChooseCover} onRemove={() => onChange({ coverMediaId: null })} />

      <fieldset className="post-panel__choices">
        <legend className="field__label">Who can read it</legend>
        {VISIBILITY_CHOICES.map((choice) => (
          <div key={choice.value} className="post-panel__choice">
            <input
              id={`${visibilityName}-${choice.value}`}
              type="radio"
              name={visibilityName}
              value={choice.value}
              checked={fields.visibility === choice.value}
              aria-describedby={`${visibilityName}-${choice.value}-hint`}
              onChange={() => onChange({ visibility: choice.value })}
            />
            <div>
              <label htmlFor={`${visibilityName}-${choice.value}`} className="post-panel__choice-label">
                {choice.label}
              </label>
              <p id={`${visibilityName}-${choice.value}-hint`} className="post-panel__choice-hint">
                {choice.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <LiveMessage tone="error" assertive={false}>
        {hasMarker && fields.visibility === 'public' ? MARKER_ON_PUBLIC_POST : undefined}
      </LiveMessage>
      {fields.visibility === 'tiers' && <TierPicker chosen={fields.tierIds} onChange={(tierIds) => onChange({ tierIds })} />}
    </section>
  );
}

function CoverField({ coverMediaId, onChoose, onRemove }: { coverMediaId: string | null; onChoose: () => void; onRemove: () => void }) {
  const { loaded } = useLoadFor(coverMediaId, (id, signal) => (id ? call(mediaApi.getMedia, { params: { id }, signal }).then((answer) => answer.media) : Promise.resolve(null)));
  const item = loaded.state === 'ready' ? loaded.data : null;

  return (
    <div className="field">
      <span className="field__label">Cover image</span>
      {coverMediaId ? (
        <div className="post-panel__cover">
          {item ? <MediaThumbnail item={item} /> : <span className="media-thumb media-thumb--image">Image</span>}
          <div className="post-panel__cover-actions">
            <Button variant="secondary" onClick={onChoose}>
              Change
            </Button>
            <Button variant="ghost" onClick={onRemove}>
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={onChoose}>
          Choose a cover image
        </Button>
      )}
    </div>
  );
}
