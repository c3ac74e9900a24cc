/**
 * LISTEN on a Postgres connection of its own that comes back after an outage.
 * postgres-js's own `listen` re-issues the LISTEN once when its connection
 * drops and gives up silently if the database is still down, which leaves a
 * server deaf to NOTIFY until restarted. This one retries until the database
 * answers again, then calls `onResubscribed`: notifications sent while it was
 * away are lost, so its owner re-reads what it follows.
 */
import postgres from 'postgres';

export interface ListenerOptions {
  onPayload: (payload: string) => void;
  onResubscribed?: () => void;
  retryMs: number;
}

export async function listenWithReconnect(url: string, channel: string, { onPayload, onResubscribed, retryMs }: ListenerOptions): Promise<() => Promise<void>> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  // `onnotify` is read by the driver (its parseOptions) for every connection, but its type declarations omit it.
  const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
    max: 1,
    // The subscription lives on this one connection: it must never be recycled behind our back.
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 5,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (notified: string, payload: string) => {
      if (notified === channel) onPayload(payload);
    },
    onclose: () => scheduleResubscribe(),
  };
  const sql = postgres(url, options);

  async function subscribe() {
    await sql.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
  }

  function scheduleResubscribe() {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      subscribe().then(
        () => onResubscribed?.(),
        () => scheduleResubscribe(),
      );
    }, retryMs);
    retry.unref();
  }

  await subscribe();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await sql.end({ timeout: 5 });
  };
}
