/** A member of the creator's site, by membership id (their page in /subscribers), and their conversation's latest messages; 404 for another site's. */
import { and, eq } from 'drizzle-orm';
import type { ThreadAnswer } from '../../common/api/messages.ts';
import { memberships } from '../../db/content-schema.ts';
import { conversations } from '../../db/messaging-schema.ts';
import { ownSite, threadOf } from './creator-conversation.ts';
import { notFound, type MessagesServiceDeps } from './messages-deps.ts';

export async function memberAndThread(deps: Pick<MessagesServiceDeps, 'db' | 'signer'>, ownerId: string, membershipId: string): Promise<{ userId: string; handle: string; thread: ThreadAnswer | null }> {
  const site = await ownSite(deps, ownerId);
  if (!/^[0-9a-f-]{36}$/i.test(membershipId)) throw notFound();
  const [member] = await deps.db
    .select({ userId: memberships.userId, conversationId: conversations.id })
    .from(memberships)
    .leftJoin(conversations, and(eq(conversations.siteId, memberships.siteId), eq(conversations.memberId, memberships.userId)))
    .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, site.id)))
    .limit(1);
  if (!member) throw notFound();
  return { userId: member.userId, handle: site.handle, thread: member.conversationId ? await threadOf(deps, site, member.conversationId) : null };
}
