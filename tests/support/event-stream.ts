/**
 * A Server-Sent Events reader for tests, reading the stream as a browser's
 * EventSource does (id, event, data fields, blank line ends an event), over
 * a real HTTP connection to a real server.
 */
import type { TestClient } from './http-client.ts';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Resolves once `count` events have arrived in all (rejects if the stream ends first). */
  waitFor(count: number): Promise<StreamEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(baseUrl: string, client: TestClient, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, baseUrl), { headers: { cookie, accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters: { count: number; resolve: (events: StreamEvent[]) => void; reject: (error: Error) => void }[] = [];
  let done = false;
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (events.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(events.slice(0, waiter.count));
      } else if (done) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.reject(new Error(`the stream ended after ${events.length} events, ${waiter.count} awaited`));
      }
    }
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = { id: undefined as string | undefined, event: 'message', data: [] as string[] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const name = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') fields.id = value;
            else if (name === 'event') fields.event = value;
            else if (name === 'data') fields.data.push(value);
          }
          if (fields.data.length) events.push({ id: fields.id, event: fields.event, data: fields.data.join('\n') });
        }
        settle();
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream is over.
    } finally {
      done = true;
      settle();
    }
  })();
  return {
    status: response.status,
    events,
    waitFor(count) {
      return new Promise((resolve, reject) => {
        waiters.push({ count, resolve, reject });
        settle();
      });
    },
    ended,
    close: () => controller.abort(),
  };
}
