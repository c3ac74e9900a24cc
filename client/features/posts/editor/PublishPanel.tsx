/**
 * Publishing a post: save a draft, publish now, schedule for a time in the
 * creator's own time zone (named beside the field), update a live post,
 * unpublish, and delete after a confirmation. Publishing a post that is to be
 * e-mailed first asks "Send to N members?" with the server's count of the
 * chosen members (SendConfirmDialog.tsx), since an e-mail cannot be unsent;
 * unpublishing a live post asks too (docs/decisions/149).
 */
import { useId, useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import { publicPostPath, type Post } from '../../../../common/api/posts.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { FieldError, describedBy, fieldHintId } from '../../../components/FieldError.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { EMAIL_PANEL } from '../../../content/post-email.ts';
import { STATUS_LABELS, UNPUBLISH_POST } from '../../../content/posts.ts';
import { formatDateTime, fromLocalInputValue, localTimeZone, toLocalInputValue } from '../post-dates.ts';
import { call } from '../../../lib/api.ts';
import { Dialog } from './Dialog.tsx';
import { choiceSaved } from './email-choice-saves.ts';
import { SendConfirmDialog, type SendQuestion } from './SendConfirmDialog.tsx';
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
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string>();
  const [question, setQuestion] = useState<SendQuestion | null>(null);
  const [unpublishing, setUnpublishing] = useState(false);

  // The e-mail choice is saved on its own call (EmailPanel.tsx), so the server knows it and counts its members now.
  const publishNow = async () => {
    setCheckError(undefined);
    if (!post) {
      onSave({ status: 'published' });
      return;
    }
    setChecking(true);
    try {
      await choiceSaved(post.id);
      const state = await call(emailApi.getPostEmail, { params: { id: post.id } });
      if (state.choice && state.status === 'waiting') setQuestion({ count: state.audience[state.choice.segment], segment: state.choice.segment, publishing: true });
      else onSave({ status: 'published' });
    } catch {
      setCheckError(EMAIL_PANEL.checkFailed);
    } finally {
      setChecking(false);
    }
  };

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
            <BusyButton busy={busy || checking} onClick={() => void publishNow()}>
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
              <BusyButton variant="secondary" busy={busy || checking} onClick={() => void publishNow()}>
                Publish now
              </BusyButton>
            )}
            <BusyButton variant="secondary" busy={busy} onClick={() => (status === 'published' ? setUnpublishing(true) : onSave({ status: 'draft' }))}>
              {status === 'published' ? UNPUBLISH_POST.confirm : 'Back to draft'}
            </BusyButton>
          </>
        )}
      </div>
      <LiveMessage tone="error">{checkError}</LiveMessage>
      <Dialog open={unpublishing} title={UNPUBLISH_POST.title} onClose={() => setUnpublishing(false)}>
        <p className="dialog__text">{UNPUBLISH_POST.warning}</p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setUnpublishing(false)}>
            {UNPUBLISH_POST.cancel}
          </Button>
          <Button
            className="button--danger"
            onClick={() => {
              setUnpublishing(false);
              onSave({ status: 'draft' });
            }}
          >
            {UNPUBLISH_POST.confirm}
          </Button>
        </div>
      </Dialog>
      <SendConfirmDialog
        question={question}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          setQuestion(null);
          onSave({ status: 'published' });
        }}
      />

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
