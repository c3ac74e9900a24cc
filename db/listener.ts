/**
 * LISTEN for every channel of one server on one Postgres connection of its
 * own, which comes back after an outage. Each channel on a connection of its
 * own cost a server five connections, and several servers with their pools ran
 * a Postgres out of its 100 (tests/integration/several-servers.test.ts).
 * postgres-js's own `listen` re-issues the LISTEN once when its connection
 * drops and gives up silently if the database is still down, which leaves a
 * server deaf to NOTIFY until restarted. This one retries until the database
 * answers again, then calls every `onResubscribed`: notifications sent while it
 * was away are lost, so their owners re-read what they follow.
 */
import postgres from 'postgres';

interface Subscription {
  onPayload: (payload: string) => void;
  onResubscribed: (() => void) | undefined;
}

export interface Listener {
  listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export function createListener(url: string, retryMs: number): Listener {
  const channels = new Map<string, Set<Subscription>>();
  let sql: postgres.Sql | undefined;
  let retry: NodeJS.Timeout | undefined;

  function connection(): postgres.Sql {
    // `onnotify` is read by the driver (its parseOptions) for every connection, but its type declarations omit it.
    const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
      max: 1,
      // The subscriptions live on this one connection: it must never be recycled behind our back.
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 5,
      fetch_types: false,
      onnotice: () => {},
      onnotify: (channel: string, payload: string) => {
        for (const subscription of channels.get(channel) ?? []) subscription.onPayload(payload);
      },
      onclose: () => scheduleResubscribe(),
    };
    sql ??= postgres(url, options);
    return sql;
  }

  function scheduleResubscribe() {
    if (channels.size === 0) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      Promise.all([...channels.keys()].map((channel) => connection().unsafe(`listen ${quoted(channel)}`))).then(
        () => {
          for (const subscriptions of channels.values()) for (const subscription of subscriptions) subscription.onResubscribed?.();
        },
        () => scheduleResubscribe(),
      );
    }, retryMs);
    retry.unref();
  }

  async function end() {
    clearTimeout(retry);
    const ending = sql;
    sql = undefined;
    await ending?.end({ timeout: 5 });
  }

  return {
    async listen(channel, onPayload, onResubscribed) {
      const subscription: Subscription = { onPayload, onResubscribed };
      let subscriptions = channels.get(channel);
      const first = !subscriptions;
      if (!subscriptions) {
        subscriptions = new Set();
        channels.set(channel, subscriptions);
      }
      subscriptions.add(subscription);
      const unlisten = async () => {
        subscriptions.delete(subscription);
        if (subscriptions.size > 0 || channels.get(channel) !== subscriptions) return;
        channels.delete(channel);
        if (channels.size === 0) await end();
        else await sql?.unsafe(`unlisten ${quoted(channel)}`).catch(() => undefined);
      };
      if (first) {
        try {
          await connection().unsafe(`listen ${quoted(channel)}`);
        } catch (error) {
          await unlisten();
          throw error;
        }
      }
      return unlisten;
    },
    async close() {
      channels.clear();
      await end();
    },
  };
}
