/**
 * Publishing a post: save a draft, publish now, schedule for a time in the
 * creator's own time zone (named beside the field), update a live post,
 * unpublish, and delete after a confirmation.
 */
import { useId, useState } from 'react';
import { publicPostPath, type Post } from '../../../../common/api/posts.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { FieldError, describedBy, fieldHintId } from '../../../components/FieldError.tsx';
import { STATUS_LABELS } from '../../../content/posts.ts';
import { formatDateTime, fromLocalInputValue, localTimeZone, toLocalInputValue } from '../post-dates.ts';
import type { StatusChange } from './usePostDraft.ts';
import '../status-badge.css';

interface PublishPanelProps {
  post: Post | null;
  handle: string | null;
  busy: boolean;
  dirty: boolean;
  scheduleError: string | undefined;
  onSave: (change?: StatusChange) => void;
  onDelete: () => void;
}

const HOUR_MS = 3_600_000;

export function PublishPanel({ post, handle, busy, dirty, scheduleError, onSave, onDelete }: PublishPanelProps) {
  const status = post?.status ?? 'draft';
  const scheduleId = useId();
  const [scheduleValue, setScheduleValue] = useState(() =>
    toLocalInputValue(post?.status === 'scheduled' && post.publishedAt ? new Date(post.publishedAt) : new Date(Math.ceil((Date.now() + HOUR_MS) / HOUR_MS) * HOUR_MS)),
  );
  const [localError, setLocalError] = useState<string>();
  const error = localError ?? scheduleError;

  const schedule = () => {
    const at = fromLocalInputValue(scheduleValue);
    if (!at || at.getTime() <= Date.now()) {
      setLocalError('Choose a date and time in the future.');
      return;
    }
    setLocalError(undefined);
    onSave({ status: 'scheduled', publishAt: at.toISOString() });
  };

  return (
    <section className="post-panel__section" aria-labelledby={`${scheduleId}-heading`}>
      <h2 id={`${scheduleId}-heading`} className="post-panel__heading">
        Publish
      </h2>
      <p className="post-panel__status">
        <span className={`status-badge status-badge--${status}`}>{STATUS_LABELS[status]}</span>
        {status === 'scheduled' && post?.publishedAt && <span>for {formatDateTime(post.publishedAt)}</span>}
        {status === 'published' && post?.publishedAt && <span>on {formatDateTime(post.publishedAt)}</span>}
      </p>
      {status === 'published' && handle && post && (
        <p className="post-panel__view">
          <a href={publicPostPath(handle, post.slug)} target="_blank" rel="noopener">
            View on your site (opens in a new tab)
          </a>
        </p>
      )}

      <div className="post-panel__actions">
        {status === 'draft' ? (
          <>
            <BusyButton busy={busy} onClick={() => onSave({ status: 'published' })}>
              Publish now
            </BusyButton>
            <BusyButton variant="secondary" busy={busy} onClick={() => onSave()}>
              Save draft
            </BusyButton>
          </>
        ) : (
          <>
            <BusyButton busy={busy} disabled={!dirty && !busy} onClick={() => onSave()}>
              Update
            </BusyButton>
            {status === 'scheduled' && (
              <BusyButton variant="secondary" busy={busy} onClick={() => onSave({ status: 'published' })}>
                Publish now
              </BusyButton>
            )}
            <BusyButton variant="secondary" busy={busy} onClick={() => onSave({ status: 'draft' })}>
              {status === 'published' ? 'Unpublish' : 'Back to draft'}
            </BusyButton>
          </>
        )}
      </div>

      {status !== 'published' && (
        <div className="field post-panel__schedule">
          <label className="field__label" htmlFor={scheduleId}>
            {status === 'scheduled' ? 'Change the time' : 'Or schedule for later'}
          </label>
          <div className="post-panel__schedule-row">
            <input
              id={scheduleId}
              type="datetime-local"
              className="field__input"
              value={scheduleValue}
              min={toLocalInputValue(new Date())}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(scheduleId, { hasHint: true, error })}
              onChange={(event) => {
                setScheduleValue(event.target.value);
                setLocalError(undefined);
              }}
            />
            <BusyButton variant="secondary" busy={busy} onClick={schedule}>
              {status === 'scheduled' ? 'Reschedule' : 'Schedule'}
            </BusyButton>
          </div>
          <p id={fieldHintId(scheduleId)} className="field__hint">
            Time zone: {localTimeZone()}
          </p>
          <FieldError fieldId={scheduleId} message={error} />
        </div>
      )}

      {post && (
        <Button variant="ghost" className="post-panel__delete" onClick={onDelete}>
          Delete post
        </Button>
      )}
    </section>
  );
}
