/** The creator blocks the member of a conversation, or lets them back (blocks.ts): a blocked member neither writes nor comments. */
import type { ThreadAnswer } from '../../common/api/messages.ts';
import * as blockList from './blocks.ts';
import { ownConversation, threadOf } from './creator-conversation.ts';
import { notFound, type MessagesServiceDeps } from './messages-deps.ts';

export async function setBlocked(deps: Pick<MessagesServiceDeps, 'db' | 'signer'>, ownerId: string, conversationId: string, blocked: boolean): Promise<ThreadAnswer> {
  const { db } = deps;
  const { site, conversation } = await ownConversation(deps, ownerId, conversationId);
  if (!conversation.memberId) throw notFound();
  await (blocked ? blockList.block(db, site.id, conversation.memberId) : blockList.unblock(db, site.id, conversation.memberId));
  return threadOf(deps, site, conversation.id);
}
