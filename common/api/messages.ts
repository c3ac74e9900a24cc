/**
 * Messages between a creator and their members (DESIGN.md "Release 3" API):
 * the creator's inbox under /api/conversations, the member's own conversation
 * under /api/sites/:handle/messages, and the live events at
 * /api/messages/events (Server-Sent Events, one `message` event per new
 * message, its id the message's id for `Last-Event-ID`).
 */
import { endpoint } from './endpoint.ts';

export const MESSAGE_EVENTS_PATH = '/api/messages/events';

export interface MessageAttachment {
  id: string;
  /** Signed and short-lived: fetch the thread again rather than keep it. */
  url: string;
  alt: string;
}

export interface MessageJson {
  id: number;
  conversationId: string;
  sender: 'creator' | 'member';
  text: string;
  attachments: MessageAttachment[];
  /** ISO. */
  createdAt: string;
  readAt: string | null;
}

/** The data of one `message` event. */
export interface MessageEvent {
  siteId: string;
  /** Who the conversation is with, for the creator's inbox; null once their account is gone. */
  member: ConversationMember | null;
  message: MessageJson;
}

export interface ConversationMember {
  id: string;
  name: string;
  email: string;
}

export interface ConversationSummary {
  id: string;
  member: ConversationMember | null;
  lastMessage: { text: string; sender: 'creator' | 'member'; createdAt: string };
  unread: number;
  archived: boolean;
  blocked: boolean;
}

export interface InboxAnswer {
  /** One page, newest first. */
  conversations: ConversationSummary[];
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: string | null;
  /** Unread messages over every conversation, archived too. */
  unread: number;
}

export interface ThreadAnswer {
  conversation: ConversationSummary;
  messages: MessageJson[];
}

export interface UnreadAnswer {
  unread: number;
}

export interface MessageAnswer {
  message: MessageJson;
}

/** Why a member may not write; absent when they may. */
export type WriteRefusal = 'off' | 'blocked' | 'not-member' | 'not-paid' | 'owner';

export interface MemberThreadAnswer {
  site: { handle: string; title: string };
  messages: MessageJson[];
  refusal: WriteRefusal | null;
}

/** What the creator sees on a member's page in /subscribers. */
export interface MemberActivityAnswer {
  thread: ThreadAnswer | null;
  /** Newest first, at most 50. */
  comments: { id: string; text: string; createdAt: string; hidden: boolean; postTitle: string; postSlug: string }[];
  /** The site's handle, for links to the posts. */
  handle: string;
}

export const listConversations = endpoint<undefined, { q?: string; archived?: 'true' | 'false'; cursor?: string }, InboxAnswer>('GET', '/api/conversations');
export const memberActivity = endpoint<undefined, undefined, MemberActivityAnswer>('GET', '/api/conversations/member/:membershipId');
export const unreadMessages = endpoint<undefined, undefined, UnreadAnswer>('GET', '/api/conversations/unread');
export const getThread = endpoint<undefined, undefined, ThreadAnswer>('GET', '/api/conversations/:id/messages');
export const reply = endpoint<{ text: string; mediaIds?: string[] }, undefined, MessageAnswer>('POST', '/api/conversations/:id/messages');
export const markRead = endpoint<{ read: boolean }, undefined, ThreadAnswer>('POST', '/api/conversations/:id/read');
export const archive = endpoint<undefined, undefined, ThreadAnswer>('POST', '/api/conversations/:id/archive');
export const unarchive = endpoint<undefined, undefined, ThreadAnswer>('DELETE', '/api/conversations/:id/archive');
export const blockMember = endpoint<undefined, undefined, ThreadAnswer>('POST', '/api/conversations/:id/block');
export const unblockMember = endpoint<undefined, undefined, ThreadAnswer>('DELETE', '/api/conversations/:id/block');
/** @public: the site's talk script calls it over HTTP (client/site/talk.ts), not through the typed client. */
export const memberThread = endpoint<undefined, undefined, MemberThreadAnswer>('GET', '/api/sites/:handle/messages');
/** @public: as memberThread. */
export const memberWrite = endpoint<{ text: string }, undefined, MessageAnswer>('POST', '/api/sites/:handle/messages');
