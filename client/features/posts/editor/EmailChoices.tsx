/** Who a post is e-mailed to, before it goes out: nobody or a segment (with how many each reaches), and where replies go. */
import { useId } from 'react';
import type { PostStatus } from '../../../../common/posts.ts';
import { EMAIL_SEGMENTS, SEGMENT_LABELS, type EmailSegment, type PostEmailAnswer } from '../../../../common/email.ts';
import { EMAIL_PANEL } from '../../../content/post-email.ts';

export interface EmailChoice {
  send: boolean;
  segment: EmailSegment;
  replyToCreator: boolean;
}

interface EmailChoicesProps {
  state: PostEmailAnswer;
  postStatus: PostStatus;
  /** A choice is being saved: the choices wait. */
  saving: boolean;
  onChoose: (choice: EmailChoice) => void;
}

export function EmailChoices({ state, postStatus, saving, onChoose }: EmailChoicesProps) {
  const id = useId();
  const sending = state.choice !== null;
  const segment = state.choice?.segment ?? 'all';
  const replyToCreator = state.choice?.replyToCreator ?? false;
  const when = postStatus === 'scheduled' ? EMAIL_PANEL.whenScheduled : postStatus === 'published' ? '' : EMAIL_PANEL.whenDraft;

  return (
    <fieldset className="post-panel__choices" disabled={saving}>
      <legend className="field__label">{EMAIL_PANEL.legend}</legend>
      <div className="post-panel__choice">
        <input id={`${id}-none`} type="radio" name={`${id}-segment`} checked={!sending} onChange={() => onChoose({ send: false, segment, replyToCreator })} />
        <label htmlFor={`${id}-none`} className="post-panel__choice-label">
          {EMAIL_PANEL.nobody}
        </label>
      </div>
      {EMAIL_SEGMENTS.map((value) => (
        <div key={value} className="post-panel__choice">
          <input
            id={`${id}-${value}`}
            type="radio"
            name={`${id}-segment`}
            checked={sending && segment === value}
            onChange={() => onChoose({ send: true, segment: value, replyToCreator })}
          />
          <label htmlFor={`${id}-${value}`} className="post-panel__choice-label">
            {SEGMENT_LABELS[value]} ({state.audience[value]})
          </label>
        </div>
      ))}
      <p className="post-panel__choice-hint">{sending ? `${EMAIL_PANEL.reaches(state.audience[segment])} ${when}` : EMAIL_PANEL.audienceHint}</p>
      {sending && (
        <div className="post-panel__choice">
          <input id={`${id}-reply`} type="checkbox" checked={replyToCreator} onChange={(event) => onChoose({ send: true, segment, replyToCreator: event.target.checked })} />
          <label htmlFor={`${id}-reply`} className="post-panel__choice-label">
            {EMAIL_PANEL.replyToCreator}
          </label>
        </div>
      )}
    </fieldset>
  );
}
