/**
 * The statements that store a message (docs/decisions/111 and 116). Each
 * stores the message, moves its conversation to the top (out of the archive)
 * and tells every server, in one statement: one round trip and one commit,
 * and the NOTIFY goes at its commit, never for a message that is not there.
 * A member's message is also counted against their rate limit, and stored
 * only within it, and noted on the creator's Recent Activity
 * (docs/decisions/102). Both are prepared once per connection: planning them
 * on every send cost more than running them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { timestampParameter } from '../../db/placeholders.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import { MESSAGE_CHANNEL } from './message-events.ts';

/** The values both statements take; `mediaIds` is an array literal of checked uuids (`{}` for none). */
export type SendParameters = {
  conversationId: string;
  siteId: string;
  ownerId: string;
  memberId: string;
  authorId: string;
  body: string;
  mediaIds: string;
  at: string;
};

const parameter = (name: keyof SendParameters | 'max') => sql.placeholder(name);

export function prepareSendStatements(db: Database, countStatement: RateLimiter['countStatement']) {
  const at = timestampParameter('at');

  /** The insert of the message, limited by `withinLimit` when given, and what follows from it: the conversation moves, the servers hear. */
  function storing(sender: 'member' | 'creator', withinLimit?: SQL) {
    const inserted = db.$with('inserted', { id: sql<number>`id`.mapWith(Number).as('id') }).as(sql`
      insert into ${messages} (conversation_id, site_id, author_id, sender, body, media_ids, created_at)
      -- A select, unlike values, does not take the columns' types: the casts say them.
      select ${parameter('conversationId')}::uuid, ${parameter('siteId')}::uuid, ${parameter('authorId')}::text, ${sender}::text,
        ${parameter('body')}::text, ${parameter('mediaIds')}::uuid[], ${at}
      ${withinLimit ?? sql``}
      returning id`);
    const moved = db.$with('moved', { done: sql<number>`1`.as('done') }).as(sql`
      update ${conversations} set last_message_at = ${at}, archived_at = null
      -- A burst moves the conversation once a second: the row is not queued on by every message.
      where id = ${parameter('conversationId')}::uuid and (archived_at is not null or last_message_at < ${at} - interval '1 second')
        and exists (select 1 from ${inserted})`);
    const notified = sql<null>`case when ${inserted.id} is not null then pg_notify(${MESSAGE_CHANNEL},
      json_build_object('id', ${inserted.id}, 'ownerId', ${parameter('ownerId')}::text, 'memberId', ${parameter('memberId')}::text)::text) end`;
    return { inserted, moved, notified };
  }

  const counted = db.$with('counted').as(countStatement());
  const member = storing('member', sql`from ${counted} where ${counted.count} <= ${parameter('max')}::int`);
  const noted = db.$with('noted', { done: sql<number>`1`.as('done') }).as(sql`
    insert into ${activityEvents} (site_id, type, user_id, occurred_at)
    select ${parameter('siteId')}::uuid, 'messaged', ${parameter('authorId')}::text, ${at} from ${member.inserted}`);
  const memberStatement = db
    .with(counted, member.inserted, noted, member.moved)
    .select({ id: member.inserted.id, count: counted.count, windowStartedAt: counted.windowStartedAt, notified: member.notified })
    .from(counted)
    .leftJoin(member.inserted, sql`true`)
    .prepare('message_store_member');

  const creator = storing('creator');
  const creatorStatement = db.with(creator.inserted, creator.moved).select({ id: creator.inserted.id, notified: creator.notified }).from(creator.inserted).prepare('message_store_reply');

  return {
    /** A member's message, counted first: `id` is null when the count went over `max`. */
    member: (values: SendParameters & Record<'rateKey' | 'rateWindowStart' | 'rateNow', string> & { max: number }) => memberStatement.execute(values),
    /** The creator's reply. */
    creator: (values: SendParameters) => creatorStatement.execute(values),
  };
}

export type SendStatements = ReturnType<typeof prepareSendStatements>;
