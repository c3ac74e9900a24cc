/**
 * The creator's inbox (/messages): conversations newest first with their
 * unread counts, search, the archive, and the open conversation (`?c=id`)
 * beside them, or instead of them under 768px. A page of conversations comes
 * at a time; "Load more conversations" (or scrolling to it) brings the next.
 * New messages arrive through the tab's one event stream
 * (features/messages/message-stream.ts) and move their conversation to the
 * top without dropping the pages already loaded (inbox-pages.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import * as messagesApi from '../../../../common/api/messages.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { onNewMessage } from '../message-stream.ts';
import { call } from '../../../lib/api.ts';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../../lib/media-query.ts';
import { appendPage, mergeFirstPage, replaceRow, type InboxList } from './inbox-pages.ts';
import { LoadMore, type More } from './LoadMore.tsx';
import { TalkSettings } from './TalkSettings.tsx';
import { Thread } from './Thread.tsx';
import { whenOf } from './when.ts';
import '../../../components/FormField.css';
import './messages.css';
import './thread.css';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; inbox: InboxList };

export default function MessagesPage() {
  usePageMeta({ title: 'Messages | Creator Platform', robots: 'noindex' });
  const [params, setParams] = useSearchParams();
  const selected = params.get('c') ?? undefined;
  const [query, setQuery] = useState('');
  const [archived, setArchived] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [more, setMore] = useState<More>('idle');
  const [attempt, setAttempt] = useState(0);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const searchId = useId();
  /** One request for the list at a time: a new search, a next page or a refresh replaces the one in flight. */
  const latest = useRef<AbortController | undefined>(undefined);

  const fetchPage = useCallback(
    (cursor: string | undefined, use: (page: messagesApi.InboxAnswer) => void, failed: () => void) => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      const q = query.trim();
      call(messagesApi.listConversations, { query: { ...(q ? { q } : {}), archived: archived ? 'true' : 'false', ...(cursor ? { cursor } : {}) }, signal: controller.signal })
        .then(use)
        .catch(() => {
          if (!controller.signal.aborted) failed();
        });
    },
    [query, archived],
  );

  const load = useCallback(() => {
    setMore('idle');
    fetchPage(undefined, (inbox) => setLoaded({ state: 'ready', inbox }), () => setLoaded({ state: 'failed' }));
  }, [fetchPage]);

  /** A fresh first page on top of what is loaded: `moved` left its old place for the top (or this list). */
  const refreshTop = useCallback(
    (moved?: string) => {
      fetchPage(
        undefined,
        (first) => setLoaded((current) => (current.state === 'ready' ? { state: 'ready', inbox: mergeFirstPage(current.inbox, first, moved) } : { state: 'ready', inbox: first })),
        // The list shown stays as it is; the next message or action tries again.
        () => undefined,
      );
      setMore('idle');
    },
    [fetchPage],
  );

  const loadMore = useCallback(() => {
    if (loaded.state !== 'ready' || !loaded.inbox.nextCursor) return;
    setMore('loading');
    fetchPage(
      loaded.inbox.nextCursor,
      (page) => {
        setLoaded((current) => (current.state === 'ready' ? { state: 'ready', inbox: appendPage(current.inbox, page) } : current));
        setMore('idle');
      },
      () => setMore('failed'),
    );
  }, [fetchPage, loaded]);

  // Typing searches after a short pause rather than on every key.
  useEffect(() => {
    const timer = setTimeout(load, query ? 250 : 0);
    return () => clearTimeout(timer);
  }, [load, attempt, query]);

  useEffect(() => onNewMessage((event) => refreshTop(event.message.conversationId)), [refreshTop]);
  useEffect(() => () => latest.current?.abort(), []);

  /** After an action in the open thread: its row changes in place, or leaves (archived); a reply moves it to the top. */
  const changed = useCallback(
    (summary?: messagesApi.ConversationSummary) => {
      if (!summary) return refreshTop(selected);
      setLoaded((current) => (current.state === 'ready' ? { state: 'ready', inbox: replaceRow(current.inbox, summary, archived) } : current));
    },
    [refreshTop, archived, selected],
  );

  const open = (id: string | undefined) => setParams(id ? { c: id } : {});
  const showList = wide || !selected;
  const showThread = wide || selected !== undefined;

  return (
    <div className="messages-page">
      <h1 className="studio-heading">Messages</h1>
      <TalkSettings />
      <div className="messages-page__layout">
        {showList && (
          <section className="inbox" aria-label="Conversations">
            <form role="search" className="inbox__search" onSubmit={(event: FormEvent) => event.preventDefault()}>
              <label htmlFor={searchId} className="visually-hidden">
                Search messages
              </label>
              <input id={searchId} className="field__input" type="search" placeholder="Search by name, e-mail or words" value={query} onChange={(event) => setQuery(event.target.value)} />
            </form>
            <div className="inbox__tabs" role="group" aria-label="Which conversations">
              <button type="button" className="inbox__tab" aria-pressed={!archived} onClick={() => setArchived(false)}>
                Inbox
              </button>
              <button type="button" className="inbox__tab" aria-pressed={archived} onClick={() => setArchived(true)}>
                Archived
              </button>
            </div>
            {loaded.state === 'loading' && <Loading>Loading your messages…</Loading>}
            {loaded.state === 'failed' && (
              <LoadFailed
                message="Your messages could not be loaded."
                onRetry={() => {
                  setLoaded({ state: 'loading' });
                  setAttempt((count) => count + 1);
                }}
              />
            )}
            {loaded.state === 'ready' && (
              <ConversationList inbox={loaded.inbox} selected={selected} searching={query.trim() !== ''} archived={archived} onOpen={open} more={more} onLoadMore={loadMore} />
            )}
          </section>
        )}
        {showThread &&
          (selected ? (
            <Thread key={selected} id={selected} onBack={wide ? undefined : () => open(undefined)} onChanged={changed} />
          ) : (
            <section className="thread thread--empty" aria-label="Conversation">
              <p>Choose a conversation to read it and reply.</p>
            </section>
          ))}
      </div>
    </div>
  );
}

function ConversationList({
  inbox,
  selected,
  searching,
  archived,
  onOpen,
  more,
  onLoadMore,
}: {
  inbox: InboxList;
  selected: string | undefined;
  searching: boolean;
  archived: boolean;
  onOpen: (id: string) => void;
  more: More;
  onLoadMore: () => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const shownBefore = useRef(0);
  const count = inbox.conversations.length;
  useEffect(() => {
    // After "Load more" by hand, focus goes to the first conversation it brought, where reading continues.
    if (shownBefore.current > 0 && count > shownBefore.current) list.current?.children[shownBefore.current]?.querySelector('button')?.focus();
    shownBefore.current = 0;
  }, [count]);

  if (inbox.conversations.length === 0) {
    return (
      <div className="inbox__empty">
        {searching ? (
          <p>No conversation matches your search.</p>
        ) : archived ? (
          <p>Nothing archived. Archive a conversation to put it out of the way until the member writes again.</p>
        ) : (
          <>
            <h2>No messages yet</h2>
            <p>When a member writes to you from your site, their message appears here.</p>
          </>
        )}
      </div>
    );
  }
  return (
    <>
    <ul className="inbox__list" ref={list}>
      {inbox.conversations.map((conversation) => (
        <li key={conversation.id}>
          <button type="button" className="inbox__row" aria-current={conversation.id === selected ? 'true' : undefined} onClick={() => onOpen(conversation.id)}>
            <span className="inbox__name">
              {conversation.member?.name ?? 'Deleted member'}
              {conversation.unread > 0 && (
                <span className="unread-badge">
                  {conversation.unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </span>
            <time className="inbox__time" dateTime={conversation.lastMessage.createdAt}>
              {whenOf(conversation.lastMessage.createdAt)}
            </time>
            <span className={conversation.unread > 0 ? 'inbox__snippet inbox__snippet--unread' : 'inbox__snippet'}>
              {conversation.lastMessage.sender === 'creator' ? 'You: ' : ''}
              {conversation.lastMessage.text}
            </span>
          </button>
        </li>
      ))}
    </ul>
    {inbox.nextCursor && (
      <LoadMore
        more={more}
        onLoadMore={(byHand) => {
          shownBefore.current = byHand ? count : 0;
          onLoadMore();
        }}
      />
    )}
    <p className="visually-hidden" role="status">
      {count === 1 ? '1 conversation shown' : `${count} conversations shown`}
    </p>
    </>
  );
}
