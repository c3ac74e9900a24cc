/** The creator's inbox: a page of conversations, archived or not, searched by member or text, and the count of unread messages. */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { InboxAnswer } from '../../common/api/messages.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { escapeLike } from '../../db/transaction.ts';
import { users } from '../../db/schema.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import { ownSite } from './creator-conversation.ts';
import { decodeInboxCursor } from './inbox-cursor.ts';
import { inboxPage } from './inbox-rows.ts';
import type { MessagesServiceDeps } from './messages-deps.ts';

export type InboxQuery = { q?: string | undefined; archived?: 'true' | 'false' | undefined; cursor?: string | undefined };

export async function readInbox(deps: Pick<MessagesServiceDeps, 'db'>, ownerId: string, query: InboxQuery): Promise<InboxAnswer> {
  // Read before the site: a mangled cursor is the caller's mistake whoever asks.
  if (query.cursor) decodeInboxCursor(query.cursor);
  const site = await ownSite(deps, ownerId);
  const filters: SQL[] = [query.archived === 'true' ? sql`${conversations.archivedAt} is not null` : isNull(conversations.archivedAt)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        sql`${users.fullName} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.body ilike ${pattern})`,
      )!,
    );
  }
  const [page, unread] = await Promise.all([inboxPage(deps.db, site, and(...filters), query.cursor), countUnread(deps, ownerId, site)]);
  return { ...page, unread };
}

/** 0 for a creator without a site yet: the studio's sidebar asks on every page, onboarding included. */
export async function countUnread({ db }: Pick<MessagesServiceDeps, 'db'>, ownerId: string, known?: Site): Promise<number> {
  const site = known ?? (await findSiteByOwner(db, ownerId));
  if (!site) return 0;
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.siteId, site.id), eq(messages.sender, 'member'), isNull(messages.readAt)));
  return row?.unread ?? 0;
}
