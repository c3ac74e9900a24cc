/**
 * The creator's unread message count, shared by the sidebar's badge and the
 * tab's title: read once, read again whenever a message arrives or the inbox
 * says it changed (marking read or unread).
 */
import { useEffect, useState } from 'react';
import * as messagesApi from '../../../common/api/messages.ts';
import { call } from '../../lib/api.ts';
import { onNewMessage } from './message-stream.ts';

const CHANGED = 'studio:unread-changed';

/** The inbox calls this after it marks a conversation read or unread. */
export function unreadChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

const TITLE_COUNT = /^\(\d+\) /;

/** Keeps `(n) ` in front of whatever title the page sets. */
function titled(count: number): () => void {
  const apply = () => {
    const bare = document.title.replace(TITLE_COUNT, '');
    const next = count > 0 ? `(${count}) ${bare}` : bare;
    if (document.title !== next) document.title = next;
  };
  apply();
  const title = document.querySelector('title');
  if (!title) return () => undefined;
  const observer = new MutationObserver(apply);
  observer.observe(title, { childList: true, characterData: true, subtree: true });
  return () => {
    observer.disconnect();
    document.title = document.title.replace(TITLE_COUNT, '');
  };
}

/** `enabled`: the inbox is a creator's; a member starting a site of their own has none yet, and no badge. */
export function useUnreadMessages(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    let current = new AbortController();
    const refresh = () => {
      current.abort();
      current = new AbortController();
      call(messagesApi.unreadMessages, { signal: current.signal })
        .then((answer) => setCount(answer.unread))
        // No site yet, or offline: no badge rather than an error in the sidebar.
        .catch(() => undefined);
    };
    refresh();
    const stop = onNewMessage((event) => {
      if (event.message.sender === 'member') refresh();
    });
    window.addEventListener(CHANGED, refresh);
    return () => {
      current.abort();
      stop();
      window.removeEventListener(CHANGED, refresh);
    };
  }, [enabled]);
  useEffect(() => titled(count), [count]);
  return count;
}

export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="unread-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
