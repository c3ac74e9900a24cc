/**
 * The signed-in account's own data as one document (GDPR articles 15 and 20,
 * docs/decisions/159): the profile, each membership on every site with its
 * history, the comments it wrote, and its conversations with creators (both
 * sides: the creator's replies were written to it). Every read is keyed by the
 * account's own id, so nothing of another member can come in; the creator's
 * private note and labels about the member are the creator's, and stay out.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_DATA_VERSION, type AccountData, type AccountDataConversation } from '../../common/api/member-rights.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, posts, sites, tiers } from '../../db/content-schema.ts';
import { comments, conversations, messages } from '../../db/messaging-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import type { UserRow } from '../auth/index.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function membershipsOf(db: Database, userId: string): Promise<AccountData['memberships']> {
  const rows = await db
    .select({
      id: memberships.id,
      handle: sites.handle,
      title: sites.title,
      tier: tiers.name,
      status: memberships.status,
      cadence: memberships.cadence,
      amount: memberships.amount,
      currency: memberships.currency,
      currentPeriodEnd: memberships.currentPeriodEnd,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
      compExpiresAt: memberships.compExpiresAt,
      subscribedToEmails: memberships.subscribedToEmails,
      createdAt: memberships.createdAt,
      endedAt: memberships.endedAt,
    })
    .from(memberships)
    .innerJoin(sites, eq(sites.id, memberships.siteId))
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  const events =
    rows.length === 0
      ? []
      : await db
          .select({ membershipId: membershipEvents.membershipId, kind: membershipEvents.kind, at: membershipEvents.occurredAt, amount: membershipEvents.amount, currency: membershipEvents.currency, detail: membershipEvents.detail })
          .from(membershipEvents)
          .where(inArray(membershipEvents.membershipId, rows.map((row) => row.id)))
          .orderBy(asc(membershipEvents.occurredAt));
  return rows.map((row) => ({
    site: { handle: row.handle, title: row.title },
    tier: row.tier,
    status: row.status,
    cadence: row.cadence,
    amount: row.amount,
    currency: row.currency,
    renewsAt: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    compExpiresAt: iso(row.compExpiresAt),
    subscribedToEmails: row.subscribedToEmails,
    joinedAt: row.createdAt.toISOString(),
    endedAt: iso(row.endedAt),
    history: events.filter((event) => event.membershipId === row.id).map(({ kind, at, amount, currency, detail }) => ({ kind, at: at.toISOString(), amount, currency, detail })),
  }));
}

async function commentsOf(db: Database, userId: string): Promise<AccountData['comments']> {
  const rows = await db
    .select({ handle: sites.handle, title: sites.title, slug: posts.slug, postTitle: posts.title, body: comments.body, createdAt: comments.createdAt, editedAt: comments.editedAt, hiddenAt: comments.hiddenAt })
    .from(comments)
    .innerJoin(sites, eq(sites.id, comments.siteId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.createdAt));
  return rows.map((row) => ({
    site: { handle: row.handle, title: row.title },
    post: { slug: row.slug, title: row.postTitle },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    hidden: row.hiddenAt !== null,
  }));
}

/** The member's own conversations (one a site): who wrote each message is said by its side, never by another account's id. */
async function conversationsOf(db: Database, userId: string): Promise<AccountDataConversation[]> {
  const rows = await db
    .select({ conversationId: conversations.id, handle: sites.handle, title: sites.title, sender: messages.sender, body: messages.body, sentAt: messages.createdAt })
    .from(conversations)
    .innerJoin(sites, eq(sites.id, conversations.siteId))
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(eq(conversations.memberId, userId))
    .orderBy(asc(conversations.createdAt), asc(messages.id));
  const byConversation = new Map<string, AccountDataConversation>();
  for (const row of rows) {
    let conversation = byConversation.get(row.conversationId);
    if (!conversation) {
      conversation = { site: { handle: row.handle, title: row.title }, messages: [] };
      byConversation.set(row.conversationId, conversation);
    }
    conversation.messages.push({ from: row.sender === 'member' ? 'you' : 'creator', body: row.body, sentAt: row.sentAt.toISOString() });
  }
  return [...byConversation.values()];
}

export async function readAccountData(db: Database, user: UserRow, now: Date): Promise<AccountData> {
  const [ownMemberships, ownComments, ownConversations] = await Promise.all([membershipsOf(db, user.id), commentsOf(db, user.id), conversationsOf(db, user.id)]);
  return {
    format: { name: 'account-data', version: ACCOUNT_DATA_VERSION },
    exportedAt: now.toISOString(),
    profile: { name: user.fullName, email: user.email, createdAt: user.createdAt.toISOString(), emailVerified: user.emailVerified },
    memberships: ownMemberships,
    comments: ownComments,
    conversations: ownConversations,
  };
}
