/** Storing a message through the prepared statements (send-statements.ts): the member's within their rate limit, the creator's reply as it comes. */
import type { MessageJson } from '../../common/api/messages.ts';
import type { Site } from '../sites/index.ts';
import { toJson, type MessageRow } from './message-json.ts';
import type { MessagesContext } from './messages-deps.ts';
import type { SendParameters } from './send-statements.ts';

/** What both ways of storing a message take, from the site, the conversation and the message. */
function sendParameters(site: Site, conversationId: string, memberId: string, authorId: string, body: string, mediaIds: readonly string[], at: Date): SendParameters {
  // The ids were checked as uuids at the boundary (common/messaging-schemas.ts): an array literal of them is safe.
  return { conversationId, siteId: site.id, ownerId: site.ownerId, memberId, authorId, body, mediaIds: `{${mediaIds.join(',')}}`, at: at.toISOString() };
}

async function stored(context: Pick<MessagesContext, 'db' | 'signer'>, id: number, values: Omit<MessageRow, 'id' | 'readAt' | 'noticedAt'>): Promise<MessageJson> {
  const [json] = await toJson(context, [{ id, ...values, readAt: null, noticedAt: null }]);
  return json!;
}

/** A member's message, counted against their limit in the statement that stores it (docs/decisions/111): the wait when over it. */
export async function storeMemberMessage(context: MessagesContext, site: Site, conversationId: string, memberId: string, body: string, limit: { key: string; max: number; windowSeconds: number }) {
  const { clock, send, rateLimiter } = context;
  const now = clock();
  const [row] = await send.member({ ...sendParameters(site, conversationId, memberId, memberId, body, [], now), ...rateLimiter.countParameters(limit.key, limit.windowSeconds), max: limit.max });
  if (row!.id === null) return { wait: rateLimiter.waitAfter(row!.count, row!.windowStartedAt, limit.max, limit.windowSeconds) ?? 1 };
  return { message: await stored(context, row!.id, { conversationId, siteId: site.id, authorId: memberId, sender: 'member', body, mediaIds: [], createdAt: now }) };
}

export async function storeCreatorReply(context: MessagesContext, site: Site, conversationId: string, memberId: string, authorId: string, body: string, mediaIds: string[]): Promise<MessageJson> {
  const now = context.clock();
  const [row] = await context.send.creator(sendParameters(site, conversationId, memberId, authorId, body, mediaIds, now));
  return stored(context, row!.id, { conversationId, siteId: site.id, authorId, sender: 'creator', body, mediaIds, createdAt: now });
}
