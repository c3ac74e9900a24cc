/**
 * The library half of the media page: search and kind filter, then the grid,
 * or its loading, error and empty states. Items still uploading in this tab's
 * queue are left to the queue above, so one file never shows twice, and items
 * this tab cancelled are gone at once.
 */
import { useEffect, useId, useState, type RefObject } from 'react';
import type { MediaItem } from '../../../../common/api/media.ts';
import { MEDIA_KINDS, type MediaKind } from '../../../../common/media.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { Button } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { DELETE_COPY, DETAILS_COPY, KIND_FILTER_LABELS, KIND_LABELS, MEDIA_PAGE } from '../../../content/media.ts';
import { formatBytes, formatDuration } from '../../media/uploads/format.ts';
import { MediaStatusBadge } from '../../media/uploads/MediaStatusBadge.tsx';
import { MediaThumbnail } from '../../media/uploads/MediaThumbnail.tsx';
import { hiddenMediaIds, type UploadQueueState } from '../../media/uploads/upload-queue-state.ts';
import type { MediaListState } from '../../media/uploads/useMediaList.ts';

const SEARCH_DELAY_MS = 300;

interface MediaLibraryProps {
  q: string;
  kind: MediaKind | undefined;
  list: MediaListState;
  queueState: UploadQueueState;
  /** Items on their way out (a failed one removed in one step): not shown, so they cannot be removed twice. */
  removing: ReadonlySet<string>;
  /** Where focus goes when the card that held it leaves (a failed file removed). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSearch: (q: string) => void;
  onKind: (kind: MediaKind | undefined) => void;
  onRetry: () => void;
  onOpen: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const id = useId();
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);
  return (
    <div className="media-library__field">
      <label htmlFor={id}>{MEDIA_PAGE.searchLabel}</label>
      <input id={id} type="search" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} autoComplete="off" />
    </div>
  );
}

function MediaCard({ item, onOpen, onDelete }: { item: MediaItem; onOpen: () => void; onDelete: () => void }) {
  const facts = [KIND_LABELS[item.kind], formatBytes(item.bytes), item.durationSeconds ? formatDuration(item.durationSeconds) : undefined].filter(Boolean).join(' · ');
  return (
    <li className="media-card">
      <button type="button" className="media-card__open" onClick={onOpen}>
        <span className="media-card__picture">
          <MediaThumbnail item={item} />
        </span>
        <span className="media-card__name">{item.originalName}</span>
      </button>
      <div className="media-card__meta">
        <p className="media-card__facts">{facts}</p>
        {item.status === 'failed' ? (
          <button type="button" className="media-card__remove" onClick={onDelete} aria-label={DELETE_COPY.removeLabel(item.originalName)}>
            {DELETE_COPY.remove}
          </button>
        ) : (
          <button type="button" className="media-card__delete" onClick={onDelete} aria-label={`${DETAILS_COPY.delete} ${item.originalName}`}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
      <div className="media-card__status">
        <MediaStatusBadge item={item} />
      </div>
    </li>
  );
}

export function MediaLibrary({ q, kind, list, queueState, removing, headingRef, onSearch, onKind, onRetry, onOpen, onDelete }: MediaLibraryProps) {
  const kindId = useId();
  const hidden = hiddenMediaIds(queueState);
  const media = list.media.filter((item) => !hidden.has(item.id) && !removing.has(item.id));
  const filtered = q !== '' || kind !== undefined;

  return (
    <section className="media-library" aria-labelledby="media-library-heading" aria-busy={list.phase === 'loading'}>
      <h2 id="media-library-heading" className="media-library__heading" ref={headingRef} tabIndex={-1}>
        {MEDIA_PAGE.libraryHeading}
      </h2>
      <div className="media-library__toolbar">
        <SearchBox q={q} onSearch={onSearch} />
        <div className="media-library__field">
          <label htmlFor={kindId}>{MEDIA_PAGE.kindLabel}</label>
          <select id={kindId} value={kind ?? ''} onChange={(event) => onKind(MEDIA_KINDS.find((value) => value === event.target.value))}>
            <option value="">{MEDIA_PAGE.allKinds}</option>
            {MEDIA_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.phase === 'error' &&
        (list.code === 'site-required' ? (
          <div className="media-library__problem" role="alert">
            <p>{MEDIA_PAGE.siteRequired}</p>
            <Button variant="secondary" to="/onboarding">
              {MEDIA_PAGE.setUpSite}
            </Button>
          </div>
        ) : (
          <div className="media-library__problem" role="alert">
            <p>
              {MEDIA_PAGE.loadFailed} {list.code === 'network-request-failed' ? SERVER_MESSAGES['network-request-failed'] : ''}
            </p>
            <Button variant="secondary" onClick={onRetry}>
              {MEDIA_PAGE.retry}
            </Button>
          </div>
        ))}

      {list.phase === 'loading' && media.length === 0 ? (
        <p className="media-library__state">
          <Spinner /> {MEDIA_PAGE.loading}
        </p>
      ) : media.length === 0 ? (
        list.phase !== 'error' && <p className="media-library__state">{filtered ? MEDIA_PAGE.emptyMatches : MEDIA_PAGE.emptyLibrary}</p>
      ) : (
        <ul className="media-library__grid">
          {media.map((item) => (
            <MediaCard key={item.id} item={item} onOpen={() => onOpen(item)} onDelete={() => onDelete(item)} />
          ))}
        </ul>
      )}
    </section>
  );
}
