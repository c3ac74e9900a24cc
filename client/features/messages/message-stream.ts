/**
 * One EventSource per tab for the studio's new-message events (the sidebar's
 * badge and the inbox share it): opened with the first listener, closed with
 * the last. The browser reconnects by itself and resends the last event id,
 * so the server replays what the tab missed (docs/decisions/096).
 */
import { MESSAGE_EVENTS_PATH, type MessageEvent } from '../../../common/api/messages.ts';

type Listener = (event: MessageEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;

function open() {
  source = new EventSource(MESSAGE_EVENTS_PATH);
  source.addEventListener('message', (event) => {
    const data = JSON.parse((event as globalThis.MessageEvent<string>).data) as MessageEvent;
    for (const listener of listeners) listener(data);
  });
}

export function onNewMessage(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = undefined;
    }
  };
}
