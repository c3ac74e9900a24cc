/**
 * Messages between a creator and their members (DESIGN.md "Release 3" >
 * "Messages and comments"). The creator's side is found from the signed-in
 * owner, the member's from the site's handle and the member's own id, so
 * nobody can name a conversation that is not theirs: a foreign id is 404.
 * A new message is stored, its conversation moved to the top (and out of the
 * archive) and a NOTIFY sent, in one transaction (message-events.ts).
 *
 * Each use case is its own file of plain functions handed their dependencies
 * (read-inbox.ts, reply-to-member.ts, mark-read.ts, archive-conversation.ts,
 * block-member.ts, member-thread.ts, write-message.ts, member-and-thread.ts,
 * message-event-reads.ts); this factory prepares the statements once and
 * composes them.
 */
import type { Site } from '../sites/index.ts';
import { setArchived } from './archive-conversation.ts';
import { setBlocked } from './block-member.ts';
import { ownConversation, threadOf } from './creator-conversation.ts';
import { markRead } from './mark-read.ts';
import { memberAndThread } from './member-and-thread.ts';
import { prepareMemberContextQuery } from './member-context.ts';
import { memberThread } from './member-thread.ts';
import { loadMessageEvent, messageEventsSince } from './message-event-reads.ts';
import type { MessagesContext, MessagesServiceDeps } from './messages-deps.ts';
import { countUnread, readInbox, type InboxQuery } from './read-inbox.ts';
import { replyToMember } from './reply-to-member.ts';
import { prepareSendStatements } from './send-statements.ts';
import { writeMessage } from './write-message.ts';

export { INBOX_PAGE } from './inbox-rows.ts';
export type { MessagesServiceDeps } from './messages-deps.ts';

export function createMessagesService(deps: MessagesServiceDeps) {
  const send = prepareSendStatements(deps.db, deps.rateLimiter.countStatement);
  const context: MessagesContext = { ...deps, send, memberContextQuery: prepareMemberContextQuery(deps.db) };

  return {
    inbox: (ownerId: string, query: InboxQuery) => readInbox(context, ownerId, query),
    unread: (ownerId: string, known?: Site) => countUnread(context, ownerId, known),
    thread: async (ownerId: string, conversationId: string) => {
      const { site, conversation } = await ownConversation(context, ownerId, conversationId);
      return threadOf(context, site, conversation.id);
    },
    reply: (ownerId: string, conversationId: string, input: { text: string; mediaIds: string[] }) => replyToMember(context, ownerId, conversationId, input),
    markRead: (ownerId: string, conversationId: string, read: boolean) => markRead(context, ownerId, conversationId, read),
    setArchived: (ownerId: string, conversationId: string, archived: boolean) => setArchived(context, ownerId, conversationId, archived),
    setBlocked: (ownerId: string, conversationId: string, blocked: boolean) => setBlocked(context, ownerId, conversationId, blocked),
    memberThread: (handle: string, userId: string) => memberThread(context, handle, userId),
    memberWrite: (handle: string, userId: string, text: string) => writeMessage(context, handle, userId, text),
    withMember: (ownerId: string, membershipId: string) => memberAndThread(context, ownerId, membershipId),
    /** For the live events (message-events.ts). */
    events: {
      load: (id: number) => loadMessageEvent(context, id),
      since: (userId: string, afterId: number) => messageEventsSince(context, userId, afterId),
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
