/** A member writes to the creator: refused by the creator's setting, a block or their membership (audience.ts), and a few a minute. */
import type { MessageJson } from '../../common/api/messages.ts';
import { conversations } from '../../db/messaging-schema.ts';
import { AppError } from '../errors.ts';
import type { Refusal } from './audience.ts';
import { memberContext } from './member-context.ts';
import type { MessagesContext } from './messages-deps.ts';
import { storeMemberMessage } from './store-message.ts';

/** The refusal a member is told: a block reads as the creator not taking messages, politely and without naming it. */
export function refusalError(refusal: Refusal): AppError {
  return refusal === 'off' || refusal === 'blocked' ? new AppError('messages-closed', 403) : new AppError('forbidden', 403);
}

export async function writeMessage(context: MessagesContext, handle: string, userId: string, text: string): Promise<MessageJson> {
  const { db, rateLimiter, limits } = context;
  const { site, refusal, conversation } = await memberContext(context, handle, userId);
  const limit = { key: `message:${userId}`, max: limits.messagesPerMinute, windowSeconds: 60 };
  if (refusal) {
    // Refused attempts count too, as every attempt does; off the sending path, which counts in its own statement.
    await rateLimiter.overLimit(limit.key, limit.max, limit.windowSeconds);
    throw refusalError(refusal);
  }
  let conversationId = conversation?.id;
  if (!conversationId) {
    const [created] = await db
      .insert(conversations)
      .values({ siteId: site.id, memberId: userId })
      .onConflictDoUpdate({ target: [conversations.siteId, conversations.memberId], set: { siteId: site.id } })
      .returning({ id: conversations.id });
    conversationId = created!.id;
  }
  const sent = await storeMemberMessage(context, site, conversationId, userId, text, limit);
  if (sent.wait !== undefined) throw new AppError('too-many-messages', 429, 'text', sent.wait);
  return sent.message;
}
