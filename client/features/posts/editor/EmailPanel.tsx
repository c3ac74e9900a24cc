/**
 * The editor's e-mail panel: "E-mail this post to" all, free or paying
 * members (with how many each reaches), a test to the creator, a preview of
 * the e-mail as each kind of reader gets it, and once sent its progress. The
 * choice is saved on its own call, apart from the draft's autosave, and is
 * fixed once the post has gone out (a post is e-mailed once).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import * as emailApi from '../../../../common/api/email.ts';
import * as postsApi from '../../../../common/api/posts.ts';
import { EMAIL_SEGMENTS, SEGMENT_LABELS, type EmailSegment, type EmailVariant, type PostEmailAnswer } from '../../../../common/email.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../../lib/api.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { Dialog } from './Dialog.tsx';

const POLL_MS = 2000;

const PREVIEW_CHOICES: { value: EmailVariant; label: string }[] = [
  { value: 'full', label: 'Members who can read it' },
  { value: 'upgrade', label: 'Members it is not for' },
];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function progressText(state: PostEmailAnswer): string {
  const { queued, sent, failed, skipped } = state.counts;
  const extras = [failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : ''].filter(Boolean).join(', ');
  switch (state.status) {
    case 'planning':
      return 'Preparing the e-mail…';
    case 'sending':
      return `Sending: ${sent} of ${queued} sent${extras ? ` (${extras})` : ''}.`;
    case 'sent':
      return `E-mailed to ${plural(sent, 'member')}${extras ? ` (${extras})` : ''}.`;
    case 'cancelled':
      return `Stopped when the post was unpublished: ${sent} of ${queued} sent.`;
    default:
      return '';
  }
}

export function EmailPanel({ post }: { post: postsApi.Post | null }) {
  const id = useId();
  const [state, setState] = useState<PostEmailAnswer>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [preview, setPreview] = useState<{ variant: EmailVariant; html?: string; subject?: string; failed?: boolean }>();
  const postId = post?.id;

  /** Bumped to ask the server again: after a change, and every few seconds while the post goes out. */
  const [refresh, setRefresh] = useState(0);
  const reload = useCallback(() => setRefresh((count) => count + 1), []);

  useEffect(() => {
    if (!postId) return;
    const controller = new AbortController();
    call(emailApi.getPostEmail, { params: { id: postId }, signal: controller.signal })
      .then((answer) => {
        setState(answer);
        setLoadFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, [postId, post?.status, refresh]);

  const inFlight = state?.status === 'planning' || state?.status === 'sending';
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [inFlight, reload]);

  const loadPreview = useCallback(
    async (variant: EmailVariant) => {
      if (!postId) return;
      setPreview({ variant });
      try {
        const answer = await call(emailApi.previewPostEmail, { params: { id: postId }, query: { variant } });
        setPreview({ variant, html: answer.html, subject: answer.subject });
      } catch {
        setPreview({ variant, failed: true });
      }
    },
    [postId],
  );

  if (!post) {
    return (
      <section className="post-panel__section" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="post-panel__heading">
          E-mail
        </h2>
        <p className="post-panel__choice-hint">Write a title or a few words first; the post can be e-mailed once it is saved.</p>
      </section>
    );
  }

  const choose = async (choice: { send: boolean; segment: EmailSegment; replyToCreator: boolean }) => {
    setSaving(true);
    setMessage(undefined);
    // Shown at once; the server's answer follows (or the old choice comes back with the error).
    setState((current) => current && { ...current, choice: choice.send ? { segment: choice.segment, replyToCreator: choice.replyToCreator } : null });
    try {
      await call(postsApi.updatePost, { params: { id: post.id }, body: { email: choice } });
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
      setMessage({ tone: 'info', text: `Test sent to ${to}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    } finally {
      setTesting(false);
    }
  };

  const decided = state && state.status !== null && state.status !== 'waiting';
  const sending = state?.choice !== null && state?.choice !== undefined;
  const segment = state?.choice?.segment ?? 'all';
  const replyToCreator = state?.choice?.replyToCreator ?? false;
  const when = post.status === 'scheduled' ? 'It goes out at the scheduled time.' : post.status === 'published' ? '' : 'It goes out when you publish.';

  return (
    <section className="post-panel__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="post-panel__heading">
        E-mail
      </h2>
      {loadFailed && !state && <LoadFailed message="Could not load the e-mail settings." onRetry={reload} />}
      {!state && !loadFailed && <Loading>Loading the e-mail settings…</Loading>}
      {state && decided && <p aria-live="polite">{progressText(state)}</p>}
      {state && !decided && post.status === 'published' && <p className="post-panel__choice-hint">This post was published without an e-mail; a post is e-mailed when it is published.</p>}
      {state && !decided && post.status !== 'published' && (
        <fieldset className="post-panel__choices" disabled={saving}>
          <legend className="field__label">E-mail this post to</legend>
          <div className="post-panel__choice">
            <input id={`${id}-none`} type="radio" name={`${id}-segment`} checked={!sending} onChange={() => void choose({ send: false, segment, replyToCreator })} />
            <label htmlFor={`${id}-none`} className="post-panel__choice-label">
              Nobody
            </label>
          </div>
          {EMAIL_SEGMENTS.map((value) => (
            <div key={value} className="post-panel__choice">
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-segment`}
                checked={sending && segment === value}
                onChange={() => void choose({ send: true, segment: value, replyToCreator })}
              />
              <label htmlFor={`${id}-${value}`} className="post-panel__choice-label">
                {SEGMENT_LABELS[value]} ({state.audience[value]})
              </label>
            </div>
          ))}
          <p className="post-panel__choice-hint">
            {sending ? `${plural(state.audience[segment], 'member')} will get it. ${when}` : 'Members with a confirmed address who get your e-mails.'}
          </p>
          {sending && (
            <div className="post-panel__choice">
              <input id={`${id}-reply`} type="checkbox" checked={replyToCreator} onChange={(event) => void choose({ send: true, segment, replyToCreator: event.target.checked })} />
              <label htmlFor={`${id}-reply`} className="post-panel__choice-label">
                Replies come to my e-mail address
              </label>
            </div>
          )}
        </fieldset>
      )}
      <div className="post-panel__actions">
        <BusyButton variant="secondary" busy={testing} onClick={() => void sendTest()}>
          Send a test to me
        </BusyButton>
        <Button variant="secondary" onClick={() => void loadPreview('full')}>
          Preview the e-mail
        </Button>
      </div>
      <LiveMessage tone={message?.tone}>{message?.text}</LiveMessage>
      <Dialog open={preview !== undefined} title="E-mail preview" className="dialog--wide" onClose={() => setPreview(undefined)}>
        <div className="email-preview__choices" role="group" aria-label="Show the e-mail of">
          {PREVIEW_CHOICES.map((choice) => (
            <Button key={choice.value} variant={preview?.variant === choice.value ? 'primary' : 'secondary'} aria-pressed={preview?.variant === choice.value} onClick={() => void loadPreview(choice.value)}>
              {choice.label}
            </Button>
          ))}
        </div>
        {preview?.subject && <p className="email-preview__subject">Subject: {preview.subject}</p>}
        {preview?.failed && <p className="notice notice--error">Could not load the preview.</p>}
        {preview && !preview.html && !preview.failed && <p className="post-panel__choice-hint">Loading the preview…</p>}
        {preview?.html && <iframe className="email-preview__frame" title="The e-mail as members get it" sandbox="" srcDoc={preview.html} />}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setPreview(undefined)}>
            Close
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
