/**
 * The editor's e-mail panel: "E-mail this post to" all, free or paying
 * members (with how many each reaches), a test to the creator, a preview of
 * the e-mail as each kind of reader gets it, and once sent its progress. The
 * choice is saved on its own call, apart from the draft's autosave, and is
 * fixed once the post has gone out (a post is e-mailed once). A post that went
 * live without one can be e-mailed later, once (EmailLater.tsx); once sent,
 * the panel says when and to how many.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import * as postsApi from '../../../../common/api/posts.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { useLatestLoad } from '../../../app/useLatestLoad.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { EMAIL_PANEL, progressText } from '../../../content/post-email.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { formatDateTime } from '../post-dates.ts';
import { EmailChoices, type EmailChoice } from './EmailChoices.tsx';
import { EmailLater } from './EmailLater.tsx';
import { trackChoiceSave } from './email-choice-saves.ts';
import { EmailPreviewDialog } from './EmailPreviewDialog.tsx';

const POLL_MS = 2000;

export function EmailPanel({ post }: { post: postsApi.Post | null }) {
  const id = useId();
  return (
    <section className="post-panel__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="post-panel__heading">
        {EMAIL_PANEL.heading}
      </h2>
      {post ? <PostEmail post={post} /> : <p className="post-panel__choice-hint">{EMAIL_PANEL.notSaved}</p>}
    </section>
  );
}

function PostEmail({ post }: { post: postsApi.Post }) {
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [previewing, setPreviewing] = useState(false);

  // Asked again after a change, when the post's status changes, and every few seconds while the post goes out;
  // what the panel shows stays meanwhile.
  const asked = useMemo(() => ({ postId: post.id, status: post.status }), [post.id, post.status]);
  const { ready, failed, reload, replace } = useLatestLoad(asked, (key, signal) => call(emailApi.getPostEmail, { params: { id: key.postId }, signal }));
  const state = ready?.data;

  const inFlight = state?.status === 'planning' || state?.status === 'sending';
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [inFlight, reload]);

  const choose = async (choice: EmailChoice) => {
    setSaving(true);
    setMessage(undefined);
    // Shown at once; the server's answer follows (or the old choice comes back with the error).
    if (state) replace({ ...state, choice: choice.send ? { segment: choice.segment, replyToCreator: choice.replyToCreator } : null });
    try {
      const save = call(postsApi.updatePost, { params: { id: post.id }, body: { email: choice } });
      trackChoiceSave(post.id, save);
      await save;
    } catch (error) {
      setMessage({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    } finally {
      reload();
      setSaving(false);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    setMessage(undefined);
    try {
      const { to } = await call(emailApi.sendTestEmail, { params: { id: post.id } });
      setMessage({ tone: 'info', text: EMAIL_PANEL.testSent(to) });
    } catch (error) {
      setMessage({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    } finally {
      setTesting(false);
    }
  };

  const decided = state && state.status !== null && state.status !== 'waiting';

  return (
    <>
      {failed && !state && <LoadFailed message={EMAIL_PANEL.loadFailed} onRetry={reload} />}
      {!state && !failed && <Loading>{EMAIL_PANEL.loading}</Loading>}
      {state && decided && (
        <p aria-live="polite">
          {progressText(state)}
          {state.startedAt && ` ${EMAIL_PANEL.startedOn(formatDateTime(state.startedAt))}`}
        </p>
      )}
      {state && !decided && post.status === 'published' && (
        <EmailLater
          postId={post.id}
          state={state}
          onSent={(problem) => {
            if (problem) setMessage({ tone: 'error', text: problem });
            reload();
          }}
        />
      )}
      {state && !decided && post.status !== 'published' && <EmailChoices state={state} postStatus={post.status} saving={saving} onChoose={(choice) => void choose(choice)} />}
      <div className="post-panel__actions">
        <BusyButton variant="secondary" busy={testing} onClick={() => void sendTest()}>
          {EMAIL_PANEL.sendTest}
        </BusyButton>
        <Button variant="secondary" onClick={() => setPreviewing(true)}>
          {EMAIL_PANEL.preview}
        </Button>
      </div>
      <LiveMessage tone={message?.tone}>{message?.text}</LiveMessage>
      <EmailPreviewDialog postId={post.id} open={previewing} onClose={() => setPreviewing(false)} />
    </>
  );
}
