/**
 * The member's side of a conversation, found from the site's handle and the
 * member's own id, so nobody can name a conversation that is not theirs: the
 * site, whether the member may write (audience.ts) and their conversation.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { standingColumns, type ReaderMembership, type ReaderStanding } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';
import { refusalFor } from './audience.ts';
import { notFound, type MessagesContext } from './messages-deps.ts';

/** The member's standing, block and conversation with the site, with the site: the hot path of sending, prepared once. */
export function prepareMemberContextQuery(db: Database) {
  return db
    .select({
      site: sites,
      membership: { ...standingColumns, tierId: memberships.tierId },
      hasMembership: sql<boolean>`${memberships.id} is not null`,
      blocked: sql<boolean>`exists (select 1 from blocks b where b.site_id = ${sites.id} and b.user_id = ${sql.placeholder('userId')})`,
      conversationId: sql<string | null>`(select c.id from conversations c where c.site_id = ${sites.id} and c.member_id = ${sql.placeholder('userId')})`,
      suspended: siteIsSuspendedColumn(sites.id),
    })
    .from(sites)
    .leftJoin(memberships, and(eq(memberships.siteId, sites.id), eq(memberships.userId, sql.placeholder('userId'))))
    .leftJoin(tiers, eq(tiers.id, memberships.tierId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(sites.handle, sql.placeholder('handle')))
    .limit(1)
    .prepare('message_member_context');
}

export type MemberContextQuery = ReturnType<typeof prepareMemberContextQuery>;

export async function memberContext({ memberContextQuery, clock }: Pick<MessagesContext, 'memberContextQuery' | 'clock'>, handle: string, userId: string) {
  const [found] = await memberContextQuery.execute({ handle: handle.toLowerCase(), userId });
  if (!found?.site.publishedAt) throw notFound();
  // Neither side of a suspended site's conversations is open to its members (docs/decisions/124).
  if (found.suspended) throw new AppError('site-suspended', 410);
  const { site } = found;
  const membership = found.hasMembership ? (found.membership as ReaderMembership) : null;
  const standing: ReaderStanding = site.ownerId === userId ? { isOwner: true, membership: null } : { isOwner: false, membership: membership ? { ...membership, pastDueAccess: site.pastDueAccess } : null };
  const refusal = refusalFor(site.messagesFrom, standing, found.blocked, clock()) ?? null;
  return { site, refusal, conversation: found.conversationId ? { id: found.conversationId } : undefined };
}
