/**
 * messages.json: the creator's conversations with their members and every
 * message in them (who wrote, the text, when, when read, the media ids of its
 * images), as one JSON array of conversations written a page at a time.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { keysetPages } from './json-pages.ts';

const CONVERSATIONS_PAGE = 100;
const MESSAGES_PAGE = 1000;

interface ConversationRow {
  id: string;
  member: string | null;
  createdAt: Date;
  archivedAt: Date | null;
}

function messagePages(db: Database, conversationId: string) {
  return keysetPages((after: { id: number } | undefined) =>
    db
      .select({ id: messages.id, sender: messages.sender, body: messages.body, mediaIds: messages.mediaIds, createdAt: messages.createdAt, readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), after ? gt(messages.id, after.id) : undefined))
      .orderBy(asc(messages.id))
      .limit(MESSAGES_PAGE),
  );
}

/** The file's text; `counted` holds the numbers of conversations and messages once it has run. */
export async function* messagesJson(db: Database, siteId: string, counted: { conversations: number; messages: number }): AsyncGenerator<string> {
  const conversationPages = keysetPages((after: ConversationRow | undefined) =>
    db
      .select({ id: conversations.id, member: users.email, createdAt: conversations.createdAt, archivedAt: conversations.archivedAt })
      .from(conversations)
      .leftJoin(users, eq(users.id, conversations.memberId))
      .where(and(eq(conversations.siteId, siteId), after ? gt(conversations.id, after.id) : undefined))
      .orderBy(asc(conversations.id))
      .limit(CONVERSATIONS_PAGE),
  );
  yield '[';
  let first = true;
  for await (const rows of conversationPages) {
    for (const conversation of rows) {
      const head = { member: conversation.member, createdAt: conversation.createdAt.toISOString(), archivedAt: conversation.archivedAt?.toISOString() ?? null };
      yield `${first ? '\n' : ',\n'}${JSON.stringify(head).slice(0, -1)},"messages":[`;
      first = false;
      counted.conversations += 1;
      let firstMessage = true;
      for await (const page of messagePages(db, conversation.id)) {
        counted.messages += page.length;
        yield page
          .map(({ id: _id, createdAt, readAt, ...message }) => {
            const text = `${firstMessage ? '' : ','}\n${JSON.stringify({ ...message, createdAt: createdAt.toISOString(), readAt: readAt?.toISOString() ?? null })}`;
            firstMessage = false;
            return text;
          })
          .join('');
      }
      yield ']}';
    }
  }
  yield first ? ']\n' : '\n]\n';
}
