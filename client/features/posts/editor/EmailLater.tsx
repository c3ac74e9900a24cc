/**
 * A post that went live without an e-mail can be e-mailed once, later: the
 * creator picks who (with how many each reaches) and where replies go, then
 * confirms "Send to N members?" (SendConfirmDialog.tsx). Nothing is saved
 * before the confirmation: on a live post, choosing is sending.
 */
import { useId, useState } from 'react';
import * as postsApi from '../../../../common/api/posts.ts';
import { EMAIL_SEGMENTS, SEGMENT_LABELS, type EmailSegment, type PostEmailAnswer } from '../../../../common/email.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { Button } from '../../../components/Button.tsx';
import { EMAIL_PANEL } from '../../../content/post-email.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { SendConfirmDialog } from './SendConfirmDialog.tsx';

interface EmailLaterProps {
  postId: string;
  state: PostEmailAnswer;
  /** The send started, or the server says it already had (`problem`): the panel says so and asks for the state again. */
  onSent: (problem?: string) => void;
}

export function EmailLater({ postId, state, onSent }: EmailLaterProps) {
  const id = useId();
  const [segment, setSegment] = useState<EmailSegment>('all');
  const [replyToCreator, setReplyToCreator] = useState(false);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      await call(postsApi.updatePost, { params: { id: postId }, body: { email: { send: true, segment, replyToCreator } } });
      setAsking(false);
      onSent();
    } catch (caught) {
      const code = toErrorCode(caught);
      if (code === 'already-emailed') onSent(SERVER_MESSAGES[code]);
      else setError(SERVER_MESSAGES[code]);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <p className="post-panel__choice-hint">{EMAIL_PANEL.publishedWithout}</p>
      <fieldset className="post-panel__choices">
        <legend className="field__label">{EMAIL_PANEL.legend}</legend>
        {EMAIL_SEGMENTS.map((value) => (
          <div key={value} className="post-panel__choice">
            <input id={`${id}-${value}`} type="radio" name={`${id}-segment`} checked={segment === value} onChange={() => setSegment(value)} />
            <label htmlFor={`${id}-${value}`} className="post-panel__choice-label">
              {SEGMENT_LABELS[value]} ({state.audience[value]})
            </label>
          </div>
        ))}
        <div className="post-panel__choice">
          <input id={`${id}-reply`} type="checkbox" checked={replyToCreator} onChange={(event) => setReplyToCreator(event.target.checked)} />
          <label htmlFor={`${id}-reply`} className="post-panel__choice-label">
            {EMAIL_PANEL.replyToCreator}
          </label>
        </div>
      </fieldset>
      <div className="post-panel__actions">
        <Button
          onClick={() => {
            setError(undefined);
            setAsking(true);
          }}
        >
          {EMAIL_PANEL.sendLater}
        </Button>
      </div>
      <SendConfirmDialog
        question={asking ? { count: state.audience[segment], segment, publishing: false } : null}
        busy={sending}
        error={error}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
