/** Read marks every member message of a conversation read; unread marks the latest one unread again, as a mail client does. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ThreadAnswer } from '../../common/api/messages.ts';
import { messages } from '../../db/messaging-schema.ts';
import { ownConversation, threadOf } from './creator-conversation.ts';
import type { MessagesServiceDeps } from './messages-deps.ts';

export async function markRead(deps: Pick<MessagesServiceDeps, 'db' | 'clock' | 'signer'>, ownerId: string, conversationId: string, read: boolean): Promise<ThreadAnswer> {
  const { db, clock } = deps;
  const { site, conversation } = await ownConversation(deps, ownerId, conversationId);
  const fromMember = and(eq(messages.conversationId, conversation.id), eq(messages.sender, 'member'));
  if (read) {
    await db.update(messages).set({ readAt: clock() }).where(and(fromMember, isNull(messages.readAt)));
  } else {
    const [latest] = await db.select({ id: messages.id }).from(messages).where(fromMember).orderBy(desc(messages.id)).limit(1);
    if (latest) await db.update(messages).set({ readAt: null }).where(eq(messages.id, latest.id));
  }
  return threadOf(deps, site, conversation.id);
}
