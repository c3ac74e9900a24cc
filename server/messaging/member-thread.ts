/** The member's own conversation with a site; reading it marks the creator's messages read. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { MemberThreadAnswer } from '../../common/api/messages.ts';
import { messages } from '../../db/messaging-schema.ts';
import { THREAD_LIMIT } from './creator-conversation.ts';
import { memberContext } from './member-context.ts';
import { toJson, type MessageRow } from './message-json.ts';
import type { MessagesContext } from './messages-deps.ts';

export async function memberThread(context: MessagesContext, handle: string, userId: string): Promise<MemberThreadAnswer> {
  const { db, clock } = context;
  const { site, refusal, conversation } = await memberContext(context, handle, userId);
  let rows: MessageRow[] = [];
  if (conversation) {
    await db
      .update(messages)
      .set({ readAt: clock() })
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.sender, 'creator'), isNull(messages.readAt)));
    rows = (await db.select().from(messages).where(eq(messages.conversationId, conversation.id)).orderBy(desc(messages.id)).limit(THREAD_LIMIT)).reverse();
  }
  return { site: { handle: site.handle, title: site.title }, messages: await toJson(context, rows), refusal };
}
