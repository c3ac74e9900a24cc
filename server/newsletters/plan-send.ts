/**
 * Planning a send: one INSERT … SELECT writes a row per recipient, whatever
 * their number, with the access variant each may read (the access rule of
 * server/access/post-access.ts, said in SQL over the same columns), and
 * ON CONFLICT DO NOTHING on (send, member) keeps a replanned send from ever
 * adding a member twice. Only verified, subscribed, not disabled addresses
 * of current members get a newsletter (docs/decisions/090-newsletter-sends.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EmailSegment } from '../../common/email.ts';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import type { PostVisibility } from '../../common/posts.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients } from '../../db/email-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../db/transaction.ts';

type Executor = Pick<Database, 'execute'>;

/** Who a send reaches: members of the site now (a lapsed payment included), with an address that can take newsletters. */
export function audienceWhere(siteId: string, segment: EmailSegment | 'any'): SQL {
  const statuses = sql.join(
    ENTITLING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const bySegment = segment === 'free' ? sql` and ${tiers.type} = 'free'` : segment === 'paid' ? sql` and ${tiers.type} = 'paid'` : sql``;
  return sql`${memberships.siteId} = ${siteId}
    and ${memberships.status} in (${statuses})
    and ${memberships.subscribedToEmails}
    and ${users.emailVerified}
    and not exists (select 1 from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${memberships.id})${bySegment}`;
}

/** Whether the membership opens what its tier opens now: isEntitled() of the access rule. */
const entitled = (now: Date) => sql`(${memberships.status} in ('active', 'trialing')
  or (${memberships.status} = 'past_due' and ${sites.pastDueAccess})
  or (${memberships.status} = 'comped' and (${memberships.compExpiresAt} is null or ${memberships.compExpiresAt} > ${now.toISOString()}::timestamptz)))`;

/** The variant of a member: postAccess() of the rule (recipients are verified, so confirmedOrPaying holds). */
function variantOf(post: { id: string; visibility: PostVisibility }, now: Date): SQL {
  if (post.visibility === 'public') return sql`'full'`;
  const opens =
    post.visibility === 'members'
      ? sql`true`
      : post.visibility === 'paid'
        ? sql`${tiers.type} = 'paid'`
        : sql`exists (select 1 from ${postTiers} where ${postTiers.postId} = ${post.id} and ${postTiers.tierId} = ${memberships.tierId})`;
  return sql`case when not ${entitled(now)} then 'join' when ${opens} then 'full' else 'upgrade' end`;
}

/**
 * Writes the send's recipient rows; answers how many it wrote. `visibility`
 * is the post's effective one (a public post with a gated part is a members post).
 */
export async function planRecipients(
  db: Executor,
  send: { id: string; siteId: string; segment: EmailSegment },
  post: { id: string; visibility: PostVisibility },
  now: Date,
): Promise<number> {
  const result = await db.execute(sql`
    with planned as (
      insert into ${emailRecipients} (send_id, membership_id, variant)
      select ${send.id}, ${memberships.id}, ${variantOf(post, now)}
      from ${memberships}
      join ${users} on ${users.id} = ${memberships.userId}
      join ${tiers} on ${tiers.id} = ${memberships.tierId}
      join ${sites} on ${sites.id} = ${memberships.siteId}
      where ${audienceWhere(send.siteId, send.segment)}
      on conflict (send_id, membership_id) do nothing
      returning 1
    )
    select count(*)::int as planned from planned`);
  return Number(rowsOf<{ planned: number }>(result)[0]?.planned ?? 0);
}

/** How many members each segment reaches now, for the editor's panel. */
export async function audienceCounts(db: Executor, siteId: string): Promise<Record<EmailSegment, number>> {
  const result = await db.execute(sql`
    select count(*)::int as "all",
      (count(*) filter (where ${tiers.type} = 'free'))::int as free,
      (count(*) filter (where ${tiers.type} = 'paid'))::int as paid
    from ${memberships}
    join ${users} on ${users.id} = ${memberships.userId}
    join ${tiers} on ${tiers.id} = ${memberships.tierId}
    where ${audienceWhere(siteId, 'any')}`);
  const row = rowsOf<{ all: number; free: number; paid: number }>(result)[0];
  return { all: Number(row?.all ?? 0), free: Number(row?.free ?? 0), paid: Number(row?.paid ?? 0) };
}
