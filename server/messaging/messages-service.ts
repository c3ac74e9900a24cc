/**
 * Messages between a creator and their members (DESIGN.md "Release 3" >
 * "Messages and comments"). The creator's side is found from the signed-in
 * owner, the member's from the site's handle and the member's own id, so
 * nobody can name a conversation that is not theirs: a foreign id is 404.
 * A new message is stored, its conversation moved to the top (and out of the
 * archive) and a NOTIFY sent, in one transaction (message-events.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ConversationSummary, InboxAnswer, MemberThreadAnswer, MessageEvent, MessageJson, ThreadAnswer } from '../../common/api/messages.ts';
import type { Database } from '../../db/connect.ts';
import { media, memberships, sites, tiers } from '../../db/content-schema.ts';
import { blocks, conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import type { ReaderMembership, ReaderStanding } from '../access/post-access.ts';
import { standingColumns } from '../access/reader-standing.ts';
import type { RateLimiter } from '../rate-limits/rate-limit.ts';
import type { Clock } from '../clock.ts';
import type { MessagingConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import type { LazySigner } from '../rendering/media-links.ts';
import { BODY_MEDIA_TTL_MS } from '../rendering/media-links.ts';
import { findSiteByOwner, type Site } from '../sites/site-lookup.ts';
import { imageFileFor } from '../sites/site-json.ts';
import { refusalFor, type Refusal } from './audience.ts';
import * as blockList from './blocks.ts';
import { afterInboxCursor, CURSOR_AT, decodeInboxCursor, encodeInboxCursor } from './inbox-cursor.ts';
import { prepareSendStatements, type SendParameters } from './send-statements.ts';
import { refuseIfSuspended, siteIsOpen, siteIsSuspendedColumn } from '../site-standing/index.ts';

/** A thread shows its latest messages; older ones are rare reading for a creator keeping up. */
const THREAD_LIMIT = 200;
/** One page of the inbox; "Load more" (or scrolling) asks for the next with the cursor. */
export const INBOX_PAGE = 50;
/** A reconnect replays at most this many; a browser away longer reloads the thread anyway. */
const REPLAY_LIMIT = 500;

type MessageRow = typeof messages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

export interface MessagesServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'overLimit' | 'countStatement' | 'countParameters' | 'waitAfter'>;
  limits: Pick<MessagingConfig, 'messagesPerMinute'>;
  signer: LazySigner;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export const notFound = () => new AppError('not-found', 404);

/** The refusal a member is told: a block reads as the creator not taking messages, politely and without naming it. */
export function refusalError(refusal: Refusal): AppError {
  return refusal === 'off' || refusal === 'blocked' ? new AppError('messages-closed', 403) : new AppError('forbidden', 403);
}

export function createMessagesService({ db, clock, rateLimiter, limits, signer }: MessagesServiceDeps) {
  async function ownSite(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 404);
    return site;
  }

  async function toJson(rows: MessageRow[]): Promise<MessageJson[]> {
    const ids = [...new Set(rows.flatMap((row) => row.mediaIds))];
    const found = ids.length ? await db.select({ id: media.id, alt: media.alt, derived: media.derived, status: media.status }).from(media).where(inArray(media.id, ids)) : [];
    const sign = found.length ? await signer() : undefined;
    const urls = new Map(found.filter((item) => item.status === 'ready').map((item) => [item.id, { url: `${sign!.prefix(item.id, BODY_MEDIA_TTL_MS)}/${imageFileFor(item.derived, 1280)}`, alt: item.alt }]));
    return rows.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      sender: row.sender,
      text: row.body,
      attachments: row.mediaIds.flatMap((id) => {
        const file = urls.get(id);
        return file ? [{ id, ...file }] : [];
      }),
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  }

  /** The inbox rows: member, last message, unread count and block, in one query; one more than asked says whether a next page exists. */
  async function summaryRows(site: Site, where: SQL | undefined, limit: number) {
    const last = db
      .select({ body: messages.body, sender: messages.sender, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, conversations.id))
      .orderBy(desc(messages.id))
      .limit(1)
      .as('last');
    const rows = await db
      .select({
        id: conversations.id,
        archivedAt: conversations.archivedAt,
        memberId: users.id,
        name: users.fullName,
        email: users.email,
        lastBody: last.body,
        lastSender: last.sender,
        lastAt: last.createdAt,
        unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id} and m.sender = 'member' and m.read_at is null)`,
        blocked: sql<boolean>`exists (select 1 from ${blocks} b where b.site_id = ${conversations.siteId} and b.user_id = ${conversations.memberId})`,
        cursorAt: CURSOR_AT,
      })
      .from(conversations)
      .innerJoinLateral(last, sql`true`)
      .leftJoin(users, eq(users.id, conversations.memberId))
      .where(and(eq(conversations.siteId, site.id), where))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit);
    return rows;
  }

  function toSummary(row: Awaited<ReturnType<typeof summaryRows>>[number]): ConversationSummary {
    return {
      id: row.id,
      member: row.memberId ? { id: row.memberId, name: row.name ?? '', email: row.email ?? '' } : null,
      lastMessage: { text: row.lastBody.slice(0, 200), sender: row.lastSender, createdAt: row.lastAt.toISOString() },
      unread: row.unread,
      archived: row.archivedAt !== null,
      blocked: row.blocked,
    };
  }

  /** One page of the inbox and the cursor of the next, null on the last. */
  async function inboxPage(site: Site, where: SQL | undefined, cursor: string | undefined): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
    const after = cursor ? afterInboxCursor(decodeInboxCursor(cursor)) : undefined;
    const rows = await summaryRows(site, and(where, after), INBOX_PAGE + 1);
    const page = rows.slice(0, INBOX_PAGE);
    const last = page.at(-1);
    return { conversations: page.map(toSummary), nextCursor: rows.length > INBOX_PAGE && last ? encodeInboxCursor({ at: last.cursorAt, id: last.id }) : null };
  }

  async function ownConversation(ownerId: string, conversationId: string): Promise<{ site: Site; conversation: ConversationRow }> {
    const site = await ownSite(ownerId);
    if (!/^[0-9a-f-]{36}$/i.test(conversationId)) throw notFound();
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.siteId, site.id)))
      .limit(1);
    if (!conversation) throw notFound();
    return { site, conversation };
  }

  async function summaryOf(site: Site, conversationId: string): Promise<ConversationSummary> {
    const [row] = await summaryRows(site, eq(conversations.id, conversationId), 1);
    if (!row) throw notFound();
    return toSummary(row);
  }

  async function threadOf(site: Site, conversationId: string): Promise<ThreadAnswer> {
    const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(THREAD_LIMIT);
    return { conversation: await summaryOf(site, conversationId), messages: await toJson(rows.reverse()) };
  }

  const send = prepareSendStatements(db, rateLimiter.countStatement);

  /** What both ways of storing a message take, from the site, the conversation and the message. */
  function sendParameters(site: Site, conversationId: string, memberId: string, authorId: string, body: string, mediaIds: readonly string[], at: Date): SendParameters {
    // The ids were checked as uuids at the boundary (common/messaging-schemas.ts): an array literal of them is safe.
    return { conversationId, siteId: site.id, ownerId: site.ownerId, memberId, authorId, body, mediaIds: `{${mediaIds.join(',')}}`, at: at.toISOString() };
  }

  async function stored(id: number, values: Omit<MessageRow, 'id' | 'readAt' | 'noticedAt'>): Promise<MessageJson> {
    const [json] = await toJson([{ id, ...values, readAt: null, noticedAt: null }]);
    return json!;
  }

  /** A member's message, counted against their limit in the statement that stores it (docs/decisions/111): the wait when over it. */
  async function storeMemberMessage(site: Site, conversationId: string, memberId: string, body: string, limit: { key: string; max: number; windowSeconds: number }) {
    const now = clock();
    const [row] = await send.member({ ...sendParameters(site, conversationId, memberId, memberId, body, [], now), ...rateLimiter.countParameters(limit.key, limit.windowSeconds), max: limit.max });
    if (row!.id === null) return { wait: rateLimiter.waitAfter(row!.count, row!.windowStartedAt, limit.max, limit.windowSeconds) ?? 1 };
    return { message: await stored(row!.id, { conversationId, siteId: site.id, authorId: memberId, sender: 'member', body, mediaIds: [], createdAt: now }) };
  }

  async function storeCreatorReply(site: Site, conversationId: string, memberId: string, authorId: string, body: string, mediaIds: string[]): Promise<MessageJson> {
    const now = clock();
    const [row] = await send.creator(sendParameters(site, conversationId, memberId, authorId, body, mediaIds, now));
    return stored(row!.id, { conversationId, siteId: site.id, authorId, sender: 'creator', body, mediaIds, createdAt: now });
  }

  /** The member's standing, block and conversation with the site, with the site: the hot path of sending, prepared once. */
  const memberContextQuery = db
    .select({
      site: sites,
      membership: { ...standingColumns, tierId: memberships.tierId },
      hasMembership: sql<boolean>`${memberships.id} is not null`,
      blocked: sql<boolean>`exists (select 1 from blocks b where b.site_id = ${sites.id} and b.user_id = ${sql.placeholder('userId')})`,
      conversationId: sql<string | null>`(select c.id from conversations c where c.site_id = ${sites.id} and c.member_id = ${sql.placeholder('userId')})`,
      suspended: siteIsSuspendedColumn(sites.id),
    })
    .from(sites)
    .leftJoin(memberships, and(eq(memberships.siteId, sites.id), eq(memberships.userId, sql.placeholder('userId'))))
    .leftJoin(tiers, eq(tiers.id, memberships.tierId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(sites.handle, sql.placeholder('handle')))
    .limit(1)
    .prepare('message_member_context');

  async function memberContext(handle: string, userId: string) {
    const [found] = await memberContextQuery.execute({ handle: handle.toLowerCase(), userId });
    if (!found?.site.publishedAt) throw notFound();
    // Neither side of a suspended site's conversations is open to its members (docs/decisions/124).
    if (found.suspended) throw new AppError('site-suspended', 410);
    const { site } = found;
    const membership = found.hasMembership ? (found.membership as ReaderMembership) : null;
    const standing: ReaderStanding = site.ownerId === userId ? { isOwner: true, membership: null } : { isOwner: false, membership: membership ? { ...membership, pastDueAccess: site.pastDueAccess } : null };
    const refusal = refusalFor(site.messagesFrom, standing, found.blocked, clock()) ?? null;
    return { site, refusal, conversation: found.conversationId ? { id: found.conversationId } : undefined };
  }

  async function checkOwnImages(siteId: string, mediaIds: readonly string[]) {
    if (mediaIds.length === 0) return;
    const unique = [...new Set(mediaIds)];
    const owned = await db
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, unique), eq(media.siteId, siteId), eq(media.kind, 'image'), eq(media.status, 'ready')));
    // Another site's media is as unknown as a made-up id.
    if (owned.length !== unique.length) throw new AppError('not-found', 404, 'mediaIds');
  }

  async function eventsFor(rows: { message: MessageRow; siteId: string; memberId: string | null; name: string | null; email: string | null }[]): Promise<MessageEvent[]> {
    const json = await toJson(rows.map((row) => row.message));
    return rows.map((row, index) => ({
      siteId: row.siteId,
      member: row.memberId ? { id: row.memberId, name: row.name ?? '', email: row.email ?? '' } : null,
      message: json[index]!,
    }));
  }

  const eventColumns = { message: messages, siteId: conversations.siteId, memberId: conversations.memberId, name: users.fullName, email: users.email };

  return {
    async inbox(ownerId: string, query: { q?: string | undefined; archived?: 'true' | 'false' | undefined; cursor?: string | undefined }): Promise<InboxAnswer> {
      // Read before the site: a mangled cursor is the caller's mistake whoever asks.
      if (query.cursor) decodeInboxCursor(query.cursor);
      const site = await ownSite(ownerId);
      const filters: SQL[] = [query.archived === 'true' ? sql`${conversations.archivedAt} is not null` : isNull(conversations.archivedAt)];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        filters.push(
          or(
            sql`${users.fullName} ilike ${pattern}`,
            sql`${users.email} ilike ${pattern}`,
            sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.body ilike ${pattern})`,
          )!,
        );
      }
      const [page, unread] = await Promise.all([inboxPage(site, and(...filters), query.cursor), this.unread(ownerId, site)]);
      return { ...page, unread };
    },

    /** 0 for a creator without a site yet: the studio's sidebar asks on every page, onboarding included. */
    async unread(ownerId: string, known?: Site): Promise<number> {
      const site = known ?? (await findSiteByOwner(db, ownerId));
      if (!site) return 0;
      const [row] = await db
        .select({ unread: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(eq(messages.siteId, site.id), eq(messages.sender, 'member'), isNull(messages.readAt)));
      return row?.unread ?? 0;
    },

    async thread(ownerId: string, conversationId: string): Promise<ThreadAnswer> {
      const { site, conversation } = await ownConversation(ownerId, conversationId);
      return threadOf(site, conversation.id);
    },

    /** The creator's inbox stays readable while the site is suspended; a reply, which would reach the member, does not go. */
    async reply(ownerId: string, conversationId: string, input: { text: string; mediaIds: string[] }) {
      const { site, conversation } = await ownConversation(ownerId, conversationId);
      await refuseIfSuspended(db, site.id, 403);
      // Nobody is left to read it: the member's account is gone.
      if (!conversation.memberId) throw new AppError('messages-closed', 409);
      await checkOwnImages(site.id, input.mediaIds);
      return storeCreatorReply(site, conversation.id, conversation.memberId, ownerId, input.text, input.mediaIds);
    },

    /** Read marks every member message read; unread marks the latest one unread again, as a mail client does. */
    async markRead(ownerId: string, conversationId: string, read: boolean): Promise<ThreadAnswer> {
      const { site, conversation } = await ownConversation(ownerId, conversationId);
      const fromMember = and(eq(messages.conversationId, conversation.id), eq(messages.sender, 'member'));
      if (read) {
        await db.update(messages).set({ readAt: clock() }).where(and(fromMember, isNull(messages.readAt)));
      } else {
        const [latest] = await db.select({ id: messages.id }).from(messages).where(fromMember).orderBy(desc(messages.id)).limit(1);
        if (latest) await db.update(messages).set({ readAt: null }).where(eq(messages.id, latest.id));
      }
      return threadOf(site, conversation.id);
    },

    async setArchived(ownerId: string, conversationId: string, archived: boolean): Promise<ThreadAnswer> {
      const { site, conversation } = await ownConversation(ownerId, conversationId);
      await db.update(conversations).set({ archivedAt: archived ? clock() : null }).where(eq(conversations.id, conversation.id));
      return threadOf(site, conversation.id);
    },

    async setBlocked(ownerId: string, conversationId: string, blocked: boolean): Promise<ThreadAnswer> {
      const { site, conversation } = await ownConversation(ownerId, conversationId);
      if (!conversation.memberId) throw notFound();
      await (blocked ? blockList.block(db, site.id, conversation.memberId) : blockList.unblock(db, site.id, conversation.memberId));
      return threadOf(site, conversation.id);
    },

    /** The member's own conversation; reading it marks the creator's messages read. */
    async memberThread(handle: string, userId: string): Promise<MemberThreadAnswer> {
      const { site, refusal, conversation } = await memberContext(handle, userId);
      let rows: MessageRow[] = [];
      if (conversation) {
        await db
          .update(messages)
          .set({ readAt: clock() })
          .where(and(eq(messages.conversationId, conversation.id), eq(messages.sender, 'creator'), isNull(messages.readAt)));
        rows = (await db.select().from(messages).where(eq(messages.conversationId, conversation.id)).orderBy(desc(messages.id)).limit(THREAD_LIMIT)).reverse();
      }
      return { site: { handle: site.handle, title: site.title }, messages: await toJson(rows), refusal };
    },

    async memberWrite(handle: string, userId: string, text: string): Promise<MessageJson> {
      const { site, refusal, conversation } = await memberContext(handle, userId);
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
      const sent = await storeMemberMessage(site, conversationId, userId, text, limit);
      if (sent.wait !== undefined) throw new AppError('too-many-messages', 429, 'text', sent.wait);
      return sent.message;
    },

    /** A member of the creator's site, by membership id (their page in /subscribers), and their conversation's latest messages; 404 for another site's. */
    async withMember(ownerId: string, membershipId: string): Promise<{ userId: string; handle: string; thread: ThreadAnswer | null }> {
      const site = await ownSite(ownerId);
      if (!/^[0-9a-f-]{36}$/i.test(membershipId)) throw notFound();
      const [member] = await db
        .select({ userId: memberships.userId, conversationId: conversations.id })
        .from(memberships)
        .leftJoin(conversations, and(eq(conversations.siteId, memberships.siteId), eq(conversations.memberId, memberships.userId)))
        .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, site.id)))
        .limit(1);
      if (!member) throw notFound();
      return { userId: member.userId, handle: site.handle, thread: member.conversationId ? await threadOf(site, member.conversationId) : null };
    },

    /** For the live events (message-events.ts). */
    events: {
      async load(id: number): Promise<MessageEvent | undefined> {
        const rows = await db
          .select(eventColumns)
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .leftJoin(users, eq(users.id, conversations.memberId))
          .where(eq(messages.id, id))
          .limit(1);
        return (await eventsFor(rows))[0];
      },
      async since(userId: string, afterId: number): Promise<MessageEvent[]> {
        const rows = await db
          .select(eventColumns)
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .innerJoin(sites, eq(sites.id, conversations.siteId))
          .leftJoin(users, eq(users.id, conversations.memberId))
          // A member is replayed nothing of a suspended site; its creator still sees their own inbox.
          .where(and(gt(messages.id, afterId), or(eq(sites.ownerId, userId), and(eq(conversations.memberId, userId), siteIsOpen(sites.id)))))
          .orderBy(asc(messages.id))
          .limit(REPLAY_LIMIT);
        return eventsFor(rows);
      },
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
