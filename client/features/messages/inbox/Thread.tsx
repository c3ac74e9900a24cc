/**
 * One conversation of the inbox: its messages oldest first, marked read when
 * opened, new ones appended as they arrive, a reply with images from the
 * media library (ReplyForm.tsx), and the actions on it (unread, archive, block). Text is
 * shown as text (React escapes it; line breaks kept by CSS), never as markup. Blocking
 * tells the member, so it asks first (docs/decisions/149).
 */
import { useEffect, useId, useRef, useState } from 'react';
import * as messagesApi from '../../../../common/api/messages.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { BLOCK_MEMBER } from '../../../content/messages.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { onNewMessage } from '../message-stream.ts';
import { unreadChanged } from '../unread.tsx';
import { call, toErrorCode } from '../../../lib/api.ts';
import { ReplyForm } from './ReplyForm.tsx';
import { whenOf } from './when.ts';

type Loaded = { state: 'loading' } | { state: 'failed'; notFound: boolean } | { state: 'ready'; thread: messagesApi.ThreadAnswer };

interface ThreadProps {
  id: string;
  /** Under 768px: back to the list. */
  onBack: (() => void) | undefined;
  /** The inbox updates its row after an action (the conversation as it now is), or moves it to the top after a reply (no argument). */
  onChanged: (summary?: messagesApi.ConversationSummary) => void;
}

export function Thread({ id, onBack, onChanged }: ThreadProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [askingBlock, setAskingBlock] = useState(false);
  const headingId = useId();
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const thread = await call(messagesApi.getThread, { params: { id }, signal: controller.signal });
      // Opening a conversation is reading it.
      if (thread.conversation.unread > 0) {
        const read = await call(messagesApi.markRead, { params: { id }, body: { read: true }, signal: controller.signal });
        unreadChanged();
        onChanged(read.conversation);
        return read;
      }
      return thread;
    })()
      .then((thread) => setLoaded({ state: 'ready', thread }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', notFound: toErrorCode(error) === 'not-found' });
      });
    return () => controller.abort();
    // onChanged is the inbox's reload, new with each search: reloading the thread for it would mark it read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  useEffect(
    () =>
      onNewMessage((event) => {
        if (event.message.conversationId !== id) return;
        setLoaded((current) => {
          if (current.state !== 'ready' || current.thread.messages.some((message) => message.id === event.message.id)) return current;
          return { state: 'ready', thread: { ...current.thread, messages: [...current.thread.messages, event.message] } };
        });
        // The creator is looking at it: it is read.
        if (event.message.sender === 'member') void call(messagesApi.markRead, { params: { id }, body: { read: true } }).then(unreadChanged, () => undefined);
      }),
    [id],
  );

  const count = loaded.state === 'ready' ? loaded.thread.messages.length : 0;
  // Braces: newer browsers' scrollIntoView returns a promise, which React would take for a clean-up.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  if (loaded.state === 'loading') {
    return (
      <section className="thread" aria-label="Conversation">
        <Loading>Loading the conversation…</Loading>
      </section>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <section className="thread" aria-label="Conversation">
        {onBack && <BackButton onBack={onBack} />}
        {loaded.notFound ? (
          <p role="alert">This conversation is not one of yours, or no longer exists.</p>
        ) : (
          <LoadFailed
            message="This conversation could not be loaded."
            onRetry={() => {
              setLoaded({ state: 'loading' });
              setAttempt((value) => value + 1);
            }}
          />
        )}
      </section>
    );
  }

  const { conversation, messages } = loaded.thread;
  const act = async (action: () => Promise<messagesApi.ThreadAnswer>, done: string) => {
    try {
      const thread = await action();
      setLoaded({ state: 'ready', thread });
      setNotice({ tone: 'success', text: done });
      unreadChanged();
      onChanged(thread.conversation);
    } catch (error) {
      setNotice({ tone: 'error', text: SERVER_MESSAGES[toErrorCode(error)] });
    }
  };
  const params = { id };

  return (
    <section className="thread" aria-labelledby={headingId}>
      <header className="thread__header">
        {onBack && <BackButton onBack={onBack} />}
        <div>
          <h2 id={headingId} className="thread__name">
            {conversation.member?.name ?? 'Deleted member'}
          </h2>
          {conversation.member && <p className="thread__email">{conversation.member.email}</p>}
        </div>
        <div className="thread__actions">
          <Button variant="ghost" onClick={() => void act(() => call(messagesApi.markRead, { params, body: { read: false } }), 'Marked unread.')}>
            Mark unread
          </Button>
          {conversation.archived ? (
            <Button variant="ghost" onClick={() => void act(() => call(messagesApi.unarchive, { params }), 'Moved back to the inbox.')}>
              Move to inbox
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => void act(() => call(messagesApi.archive, { params }), 'Archived. It comes back when the member writes again.')}>
              Archive
            </Button>
          )}
          {conversation.member &&
            (conversation.blocked ? (
              <Button variant="ghost" onClick={() => void act(() => call(messagesApi.unblockMember, { params }), 'Unblocked. They can write and comment again.')}>
                Unblock
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setAskingBlock(true)}>
                {BLOCK_MEMBER.confirm}
              </Button>
            ))}
        </div>
      </header>
      <ConfirmDialog
        open={askingBlock}
        title={BLOCK_MEMBER.title(conversation.member?.name)}
        confirmLabel={BLOCK_MEMBER.confirm}
        danger
        onConfirm={() => {
          setAskingBlock(false);
          void act(() => call(messagesApi.blockMember, { params }), BLOCK_MEMBER.done);
        }}
        onCancel={() => setAskingBlock(false)}
      >
        <p className="confirm-dialog__text">{BLOCK_MEMBER.text}</p>
      </ConfirmDialog>
      <LiveMessage tone={notice?.tone}>{notice?.text}</LiveMessage>
      <ol className="thread__messages" aria-label="Messages">
        {messages.map((message) => (
          <li key={message.id} className={`thread__message thread__message--${message.sender}`}>
            <p className="thread__text">{message.text}</p>
            {message.attachments.map((attachment) => (
              <img key={attachment.id} className="thread__image" src={attachment.url} alt={attachment.alt} loading="lazy" />
            ))}
            <span className="thread__meta">
              {message.sender === 'creator' ? 'You' : (conversation.member?.name ?? 'Member')} ·{' '}
              <time dateTime={message.createdAt}>{whenOf(message.createdAt)}</time>
            </span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread__end" />
      </ol>
      {!conversation.member ? (
        <p className="thread__closed">This member has deleted their account: nobody can answer here any more.</p>
      ) : (
        <>
          {conversation.blocked && <p className="thread__closed">You have blocked this member. They are told politely that you are not taking messages.</p>}
          <ReplyForm
            id={id}
            onSent={(message) => {
              setLoaded((current) =>
                current.state === 'ready' && !current.thread.messages.some((item) => item.id === message.id)
                  ? { state: 'ready', thread: { ...current.thread, messages: [...current.thread.messages, message] } }
                  : current,
              );
              onChanged();
            }}
          />
        </>
      )}
    </section>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" onClick={onBack}>
      ← All conversations
    </Button>
  );
}
