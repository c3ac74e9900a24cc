/**
 * The creator's side of a conversation: found from the signed-in owner's
 * site, so a conversation of another site is 404, and its thread, the latest
 * messages with the conversation's summary.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ThreadAnswer } from '../../common/api/messages.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { AppError } from '../errors.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import { summaryOf } from './inbox-rows.ts';
import { toJson } from './message-json.ts';
import { notFound, type MessagesServiceDeps } from './messages-deps.ts';

/** A thread shows its latest messages; older ones are rare reading for a creator keeping up. */
export const THREAD_LIMIT = 200;

type ConversationRow = typeof conversations.$inferSelect;
type Reads = Pick<MessagesServiceDeps, 'db' | 'signer'>;

export async function ownSite({ db }: Pick<MessagesServiceDeps, 'db'>, ownerId: string): Promise<Site> {
  const site = await findSiteByOwner(db, ownerId);
  if (!site) throw new AppError('site-required', 404);
  return site;
}

export async function ownConversation(deps: Pick<MessagesServiceDeps, 'db'>, ownerId: string, conversationId: string): Promise<{ site: Site; conversation: ConversationRow }> {
  const site = await ownSite(deps, ownerId);
  if (!/^[0-9a-f-]{36}$/i.test(conversationId)) throw notFound();
  const [conversation] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.siteId, site.id)))
    .limit(1);
  if (!conversation) throw notFound();
  return { site, conversation };
}

export async function threadOf(deps: Reads, site: Site, conversationId: string): Promise<ThreadAnswer> {
  const rows = await deps.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(THREAD_LIMIT);
  return { conversation: await summaryOf(deps.db, site, conversationId), messages: await toJson(deps, rows.reverse()) };
}
