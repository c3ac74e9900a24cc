/** The creator moves a conversation into the archive or out of it; a new message moves it out too (send-statements.ts). */
import { eq } from 'drizzle-orm';
import type { ThreadAnswer } from '../../common/api/messages.ts';
import { conversations } from '../../db/messaging-schema.ts';
import { ownConversation, threadOf } from './creator-conversation.ts';
import type { MessagesServiceDeps } from './messages-deps.ts';

export async function setArchived(deps: Pick<MessagesServiceDeps, 'db' | 'clock' | 'signer'>, ownerId: string, conversationId: string, archived: boolean): Promise<ThreadAnswer> {
  const { site, conversation } = await ownConversation(deps, ownerId, conversationId);
  await deps.db.update(conversations).set({ archivedAt: archived ? deps.clock() : null }).where(eq(conversations.id, conversation.id));
  return threadOf(deps, site, conversation.id);
}
