/**
 * Tables of DESIGN.md "Release 3" > "Messages and comments": one conversation
 * per (site, member), its messages, comments under posts, and the members a
 * creator has blocked (from both). Who may write and comment, and how the
 * creator hears of unread messages, are three columns on `sites`
 * (content-schema.ts); everything else lives here (docs/decisions/095).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGE_MAX_CHARS, COMMENT_MAX_CHARS } from '../common/messaging.ts';
import { posts, sites } from './content-schema.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null once the member's account is deleted: the creator keeps the thread, nobody can answer it. */
    memberId: text('member_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    /** Hidden from the inbox until the next message arrives. */
    archivedAt: timestamptz('archived_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_site_member_unique').on(table.siteId, table.memberId),
    // With the id: the inbox's keyset (server/messaging/inbox-cursor.ts) reads one index range per page.
    index('conversations_site_last_idx').on(table.siteId, table.lastMessageAt, table.id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    /** Ordered: the Server-Sent Events id, so a reconnect replays what came after the last one it saw. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Kept here too, so the event replay of a creator is one index range. */
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    sender: text('sender', { enum: ['creator', 'member'] }).notNull(),
    body: text('body').notNull(),
    /** Images from the creator's media library; checked to be the site's own when written. */
    mediaIds: uuid('media_ids').array().notNull().default(sql`'{}'::uuid[]`),
    readAt: timestamptz('read_at'),
    /** When the unread notice covering this message was queued (once, never per message). */
    noticedAt: timestamptz('noticed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.id),
    index('messages_site_idx').on(table.siteId, table.id),
    index('messages_unread_idx').on(table.conversationId).where(sql`${table.readAt} is null`),
    check('messages_body_length', sql`char_length(${table.body}) <= ${sql.raw(String(MESSAGE_MAX_CHARS))}`),
    check('messages_sender_check', sql`${table.sender} in ('creator', 'member')`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** One level of replies: a reply's parent is never itself a reply (the service checks). */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hiddenAt: timestamptz('hidden_at'),
    pinnedAt: timestamptz('pinned_at'),
    editedAt: timestamptz('edited_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.createdAt),
    index('comments_site_author_idx').on(table.siteId, table.authorId),
    check('comments_body_length', sql`char_length(${table.body}) <= ${sql.raw(String(COMMENT_MAX_CHARS))}`),
  ],
);

/** Posts whose comments the creator has turned off. */
export const closedCommentPosts = pgTable('closed_comment_posts', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
});

/** A blocked member can neither write to the creator nor comment on the site. */
export const blocks = pgTable(
  'blocks',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.userId] })],
);

export const messagingSchema = { conversations, messages, comments, closedCommentPosts, blocks };
