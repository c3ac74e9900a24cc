/** The creator's inbox as rows: each conversation's member, last message, unread count and block, one page at a time (inbox-cursor.ts). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ConversationSummary } from '../../common/api/messages.ts';
import type { Database } from '../../db/connect.ts';
import { blocks, conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import type { Site } from '../sites/index.ts';
import { afterInboxCursor, CURSOR_AT, decodeInboxCursor, encodeInboxCursor } from './inbox-cursor.ts';
import { notFound } from './messages-deps.ts';

/** One page of the inbox; "Load more" (or scrolling) asks for the next with the cursor. */
export const INBOX_PAGE = 50;

/** The inbox rows: member, last message, unread count and block, in one query; one more than asked says whether a next page exists. */
async function summaryRows(db: Database, site: Site, where: SQL | undefined, limit: number) {
  const last = db
    .select({ body: messages.body, sender: messages.sender, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      id: conversations.id,
      archivedAt: conversations.archivedAt,
      memberId: users.id,
      name: users.fullName,
      email: users.email,
      lastBody: last.body,
      lastSender: last.sender,
      lastAt: last.createdAt,
      unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id} and m.sender = 'member' and m.read_at is null)`,
      blocked: sql<boolean>`exists (select 1 from ${blocks} b where b.site_id = ${conversations.siteId} and b.user_id = ${conversations.memberId})`,
      cursorAt: CURSOR_AT,
    })
    .from(conversations)
    .innerJoinLateral(last, sql`true`)
    .leftJoin(users, eq(users.id, conversations.memberId))
    .where(and(eq(conversations.siteId, site.id), where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows;
}

function toSummary(row: Awaited<ReturnType<typeof summaryRows>>[number]): ConversationSummary {
  return {
    id: row.id,
    member: row.memberId ? { id: row.memberId, name: row.name ?? '', email: row.email ?? '' } : null,
    lastMessage: { text: row.lastBody.slice(0, 200), sender: row.lastSender, createdAt: row.lastAt.toISOString() },
    unread: row.unread,
    archived: row.archivedAt !== null,
    blocked: row.blocked,
  };
}

/** One page of the inbox and the cursor of the next, null on the last. */
export async function inboxPage(db: Database, site: Site, where: SQL | undefined, cursor: string | undefined): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
  const after = cursor ? afterInboxCursor(decodeInboxCursor(cursor)) : undefined;
  const rows = await summaryRows(db, site, and(where, after), INBOX_PAGE + 1);
  const page = rows.slice(0, INBOX_PAGE);
  const last = page.at(-1);
  return { conversations: page.map(toSummary), nextCursor: rows.length > INBOX_PAGE && last ? encodeInboxCursor({ at: last.cursorAt, id: last.id }) : null };
}

export async function summaryOf(db: Database, site: Site, conversationId: string): Promise<ConversationSummary> {
  const [row] = await summaryRows(db, site, eq(conversations.id, conversationId), 1);
  if (!row) throw notFound();
  return toSummary(row);
}
