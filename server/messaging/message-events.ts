/**
 * Live message events (docs/decisions/096): each server keeps its open
 * Server-Sent Events streams in memory, LISTENs on one Postgres channel, and
 * hands each new message to the streams of the two people it concerns (the
 * site's owner and the member). The NOTIFY is sent in the transaction that
 * stores the message, so it is heard by every server, once, and only when
 * the message is really there. A stream that (re)connects with
 * `Last-Event-ID` first replays what it missed from the messages table, so
 * a server going away loses nothing: the browser reconnects elsewhere and
 * asks from its last id.
 */
import type { Response } from 'express';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';
import type { MessageEvent } from '../../common/api/messages.ts';
import type { Logger } from '../logger.ts';

export const MESSAGE_CHANNEL = 'message_posted';
/** Under the idle timeouts of common proxies (60 s and more), so an open stream is never cut for silence. */
export const HEARTBEAT_MS = 25_000;
/** Tells the browser how soon to reconnect after the stream drops. */
const RETRY_MS = 2_000;

/** What the NOTIFY carries: who the message concerns, never its text. */
export interface MessageNotice {
  id: number;
  ownerId: string;
  memberId: string | null;
}

export interface EventSource {
  /** One message as its event, or undefined if it is gone. */
  load(id: number): Promise<MessageEvent | undefined>;
  /** The messages `userId` may see after `afterId`, oldest first. */
  since(userId: string, afterId: number): Promise<MessageEvent[]>;
}

interface Stream {
  userId: string;
  /**
   * Opened by a session of a site's custom domain: only that reader's own conversation with that
   * site. Such a session may reach the site's owner (docs/decisions/122), so it never carries the
   * reader's other conversations, nor their own inbox if they are a creator too.
   */
  onlySite: string | undefined;
  res: Response;
  /** Until the replay is written, live events wait here so the order stays the ids' order. */
  pending: MessageEvent[] | undefined;
  lastId: number;
}

export type MessageEvents = ReturnType<typeof createMessageEvents>;

export function createMessageEvents({ database, source, logger, streamsPerUser }: { database: DatabaseHandle; source: EventSource; logger: Logger; streamsPerUser: number }) {
  const streams = new Set<Stream>();
  const perUser = new Map<string, number>();
  let unlisten: Unlisten | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function write(stream: Stream, event: MessageEvent) {
    if (event.message.id <= stream.lastId) return;
    if (stream.onlySite !== undefined && (event.siteId !== stream.onlySite || event.member?.id !== stream.userId)) return;
    stream.lastId = event.message.id;
    stream.res.write(`id: ${event.message.id}\nevent: message\ndata: ${JSON.stringify(event)}\n\n`);
  }

  function deliver(stream: Stream, event: MessageEvent) {
    if (stream.pending) stream.pending.push(event);
    else write(stream, event);
  }

  async function replay(stream: Stream, afterId: number) {
    stream.pending ??= [];
    try {
      for (const event of await source.since(stream.userId, afterId)) write(stream, event);
    } finally {
      const waiting = stream.pending.sort((a, b) => a.message.id - b.message.id);
      stream.pending = undefined;
      for (const event of waiting) write(stream, event);
    }
  }

  async function heard(payload: string) {
    let notice: MessageNotice;
    try {
      notice = JSON.parse(payload) as MessageNotice;
    } catch {
      return;
    }
    const concerned = [...streams].filter((stream) => stream.userId === notice.ownerId || stream.userId === notice.memberId);
    if (concerned.length === 0) return;
    const event = await source.load(notice.id);
    if (event) for (const stream of concerned) deliver(stream, event);
  }

  function release(stream: Stream) {
    if (!streams.delete(stream)) return;
    const left = (perUser.get(stream.userId) ?? 1) - 1;
    if (left > 0) perUser.set(stream.userId, left);
    else perUser.delete(stream.userId);
  }

  return {
    /** Whether `userId` may open one more stream on this server. */
    hasRoom(userId: string): boolean {
      return (perUser.get(userId) ?? 0) < streamsPerUser;
    },
    /** Takes over the response: headers, the replay after `lastEventId`, then live events until either side ends it; `onlySite` for a custom domain's session. */
    async open(userId: string, res: Response, lastEventId: number | undefined, onlySite?: string): Promise<void> {
      const stream: Stream = { userId, onlySite, res, pending: [], lastId: lastEventId ?? 0 };
      streams.add(stream);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      res.on('close', () => release(stream));
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      // A first visit starts from now: the thread itself comes from the JSON API.
      if (lastEventId === undefined) {
        const waiting = stream.pending ?? [];
        stream.pending = undefined;
        for (const event of waiting) write(stream, event);
        return;
      }
      await replay(stream, lastEventId);
    },
    /** Open streams on this server (the benchmark and the tests read it). */
    get size() {
      return streams.size;
    },
    async start(): Promise<void> {
      unlisten = await database.listen(
        MESSAGE_CHANNEL,
        (payload) => {
          heard(payload).catch((error: unknown) => logger.error({ err: error }, 'message event not delivered'));
        },
        () => {
          logger.info('message listener subscribed again after a lost connection: every stream replays from its last id');
          for (const stream of streams) replay(stream, stream.lastId).catch((error: unknown) => logger.error({ err: error }, 'message replay failed'));
        },
      );
      heartbeat = setInterval(() => {
        for (const stream of streams) stream.res.write(': keep-alive\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },
    /** Ends every stream (their browsers reconnect to another server) and stops listening. */
    async stop(): Promise<void> {
      clearInterval(heartbeat);
      for (const stream of streams) stream.res.end();
      streams.clear();
      perUser.clear();
      await unlisten?.().catch(() => undefined);
    },
  };
}
