/** The creator's reply, with images of their own site's media; the creator's inbox stays readable while the site is suspended, a reply does not go. */
import { and, eq, inArray } from 'drizzle-orm';
import type { MessageJson } from '../../common/api/messages.ts';
import { media } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import { refuseIfSuspended } from '../site-standing/index.ts';
import { ownConversation } from './creator-conversation.ts';
import type { MessagesContext, MessagesServiceDeps } from './messages-deps.ts';
import { storeCreatorReply } from './store-message.ts';

async function checkOwnImages({ db }: Pick<MessagesServiceDeps, 'db'>, siteId: string, mediaIds: readonly string[]) {
  if (mediaIds.length === 0) return;
  const unique = [...new Set(mediaIds)];
  const owned = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, unique), eq(media.siteId, siteId), eq(media.kind, 'image'), eq(media.status, 'ready')));
  // Another site's media is as unknown as a made-up id.
  if (owned.length !== unique.length) throw new AppError('not-found', 404, 'mediaIds');
}

export async function replyToMember(context: MessagesContext, ownerId: string, conversationId: string, input: { text: string; mediaIds: string[] }): Promise<MessageJson> {
  const { site, conversation } = await ownConversation(context, ownerId, conversationId);
  await refuseIfSuspended(context.db, site.id, 403);
  // Nobody is left to read it: the member's account is gone.
  if (!conversation.memberId) throw new AppError('messages-closed', 409);
  await checkOwnImages(context, site.id, input.mediaIds);
  return storeCreatorReply(context, site, conversation.id, conversation.memberId, ownerId, input.text, input.mediaIds);
}
