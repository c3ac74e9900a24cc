/** The messages the live events carry (message-events.ts): one by id as its NOTIFY arrives, and those a reconnecting browser missed. */
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { MessageEvent } from '../../common/api/messages.ts';
import { sites } from '../../db/content-schema.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { siteIsOpen } from '../site-standing/index.ts';
import { toJson, type MessageRow } from './message-json.ts';
import type { MessagesServiceDeps } from './messages-deps.ts';

/** A reconnect replays at most this many; a browser away longer reloads the thread anyway. */
const REPLAY_LIMIT = 500;

type Reads = Pick<MessagesServiceDeps, 'db' | 'signer'>;

const eventColumns = { message: messages, siteId: conversations.siteId, memberId: conversations.memberId, name: users.fullName, email: users.email };

async function eventsFor(deps: Reads, rows: { message: MessageRow; siteId: string; memberId: string | null; name: string | null; email: string | null }[]): Promise<MessageEvent[]> {
  const json = await toJson(deps, rows.map((row) => row.message));
  return rows.map((row, index) => ({
    siteId: row.siteId,
    member: row.memberId ? { id: row.memberId, name: row.name ?? '', email: row.email ?? '' } : null,
    message: json[index]!,
  }));
}

export async function loadMessageEvent(deps: Reads, id: number): Promise<MessageEvent | undefined> {
  const rows = await deps.db
    .select(eventColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, conversations.memberId))
    .where(eq(messages.id, id))
    .limit(1);
  return (await eventsFor(deps, rows))[0];
}

export async function messageEventsSince(deps: Reads, userId: string, afterId: number): Promise<MessageEvent[]> {
  const rows = await deps.db
    .select(eventColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(sites, eq(sites.id, conversations.siteId))
    .leftJoin(users, eq(users.id, conversations.memberId))
    // A member is replayed nothing of a suspended site; its creator still sees their own inbox.
    .where(and(gt(messages.id, afterId), or(eq(sites.ownerId, userId), and(eq(conversations.memberId, userId), siteIsOpen(sites.id)))))
    .orderBy(asc(messages.id))
    .limit(REPLAY_LIMIT);
  return eventsFor(deps, rows);
}
