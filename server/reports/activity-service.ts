/**
 * Recent Activity (issue 20): the site's events newest first. Membership
 * changes are written once, with the change, by server/memberships/ into
 * membership_events (joined, upgrades, downgrades and other tier changes,
 * failed payments, comps, imports, endings; docs/decisions/125); the rest
 * goes into activity_events through `recordActivity`, which a feature calls
 * inside the transaction of what happened (a post published, a member's
 * comment, a planned e-mail send; a member's message is noted in the statement
 * that stores it, messaging/send-statements.ts). The list reads both,
 * keyset-paged on (occurred_at, id) (docs/decisions/102). An event about a
 * one-time payment names its sale (`sale_id`): the list reads the amount, the
 * tip's message and what was bought from the ledger and the kind's row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ActivityEvent } from '../../common/api/reports.ts';
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, ACTIVITY_TYPES, type ActivityType } from '../../common/activity.ts';
import type { SaleKind } from '../../common/earn.ts';
import { DELETED_MEMBER_NAME } from '../../common/messaging.ts';
import type { Database } from '../../db/connect.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { badRequest } from '../errors.ts';
import { findSiteByOwner } from '../sites/index.ts';

/** What each membership_events kind shows as; kinds not listed (payments, refunds, resumed renewals) are not activity. */
const MEMBERSHIP_KINDS: Partial<Record<ActivityType, readonly string[]>> = {
  joined: ['joined'],
  upgraded: ['upgraded'],
  downgraded: ['downgraded'],
  'changed-tier': ['tier-changed'],
  canceled: ['renewal-canceled', 'ended'],
  'payment-failed': ['payment-failed'],
  comped: ['comped'],
  imported: ['imported'],
};
const ALL_MEMBERSHIP_KINDS = Object.values(MEMBERSHIP_KINDS).flat();

export interface ActivityInput {
  siteId: string;
  type: ActivityType;
  userId?: string | null;
  postId?: string | null;
  /** The one-time payment it is about: the list shows its amount and the buyer's message from it. */
  saleId?: string | null;
  detail?: string;
  occurredAt: Date;
}

/** Called by the feature where the thing happens, with its transaction so the event commits with it. */
export async function recordActivity(executor: Pick<Database, 'insert'>, event: ActivityInput): Promise<void> {
  await executor.insert(activityEvents).values({ ...event, detail: event.detail ?? '' });
}

export type RecordActivity = typeof recordActivity;

interface Cursor {
  at: string;
  id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

function decodeCursor(value: string): Cursor {
  const [at, id, extra] = Buffer.from(value, 'base64url').toString().split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at)) || !uuid.test(id)) throw badRequest('invalid-input');
  return { at, id };
}

export function parseActivityQuery(query: Record<string, unknown>): { type?: ActivityType; cursor?: Cursor; limit: number } {
  const { type, cursor, limit } = query;
  if (type !== undefined && type !== '' && !(ACTIVITY_TYPES as readonly unknown[]).includes(type)) throw badRequest('invalid-input');
  let size = ACTIVITY_PAGE_DEFAULT;
  if (limit !== undefined) {
    size = Number(limit);
    if (typeof limit !== 'string' || !/^\d{1,4}$/.test(limit) || size < 1) throw badRequest('invalid-input');
    size = Math.min(size, ACTIVITY_PAGE_MAX);
  }
  return {
    ...(typeof type === 'string' && type !== '' ? { type: type as ActivityType } : {}),
    ...(typeof cursor === 'string' && cursor !== '' ? { cursor: decodeCursor(cursor) } : {}),
    limit: size,
  };
}

interface Row extends Record<string, unknown> {
  id: string;
  type: ActivityType;
  at: string;
  detail: string;
  member_id: string | null;
  member_name: string | null;
  member_email: string | null;
  post_id: string | null;
  post_title: string | null;
  sale_kind: SaleKind | null;
  sale_amount: number | null;
  sale_currency: string | null;
  sale_message: string | null;
  sale_item: string | null;
  sale_buyer: string | null;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);
/** The sale columns of an event that is not about one (the two halves of the union read alike). */
const NO_SALE = sql.raw(`null::text as sale_kind, null::int as sale_amount, null::text as sale_currency, null::text as sale_message, null::text as sale_item, null::text as sale_buyer`);

export function createActivityService({ db }: { db: Database }) {
  async function listFor(ownerId: string, options: { type?: ActivityType; cursor?: Cursor; limit: number }): Promise<{ events: ActivityEvent[]; nextCursor: string | null }> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) return { events: [], nextCursor: null };
    const { type, cursor, limit } = options;
    const kinds = type ? (MEMBERSHIP_KINDS[type] ?? []) : ALL_MEMBERSHIP_KINDS;
    const after = (at: SQL, id: SQL) => (cursor ? sql`and (${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``);
    const fromMemberships =
      kinds.length === 0
        ? undefined
        : sql`
          select e.id, case e.kind ${sql.join(
            Object.entries(MEMBERSHIP_KINDS).flatMap(([shown, names]) => names.map((name) => sql`when ${name} then ${shown}`)),
            sql` `,
          )} end as type,
            to_char(e.occurred_at at time zone 'UTC', ${ISO}) as at, e.occurred_at as sort_at, e.detail,
            m.id as member_id, u.full_name as member_name, u.email as member_email, null::uuid as post_id, null::text as post_title, ${NO_SALE}
          from membership_events e
          join memberships m on m.id = e.membership_id
          join users u on u.id = m.user_id
          where e.site_id = ${site.id} and e.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)}) ${after(sql`e.occurred_at`, sql`e.id`)}
          order by e.occurred_at desc, e.id desc limit ${limit + 1}`;
    const ownTypes = type ? (MEMBERSHIP_KINDS[type] ? [] : [type]) : ACTIVITY_TYPES.filter((shown) => !MEMBERSHIP_KINDS[shown]);
    const fromEvents =
      ownTypes.length === 0
        ? undefined
        : sql`
          select a.id, a.type, to_char(a.occurred_at at time zone 'UTC', ${ISO}) as at, a.occurred_at as sort_at,
            case when a.user_id is null and a.type in ('commented', 'messaged') then ${DELETED_MEMBER_NAME} else a.detail end as detail,
            m.id as member_id, u.full_name as member_name, u.email as member_email, p.id as post_id, p.title as post_title,
            s.kind as sale_kind, s.amount as sale_amount, s.currency as sale_currency, coalesce(t.message, '') as sale_message,
            coalesce(pr.title, case when g.id is not null then g.months || case when g.months = 1 then ' month of ' else ' months of ' end || gt.name end, '') as sale_item,
            coalesce(nullif(u.full_name, ''), nullif(u.display_name, ''), u.email, s.buyer_email, '') as sale_buyer
          from activity_events a
          left join users u on u.id = a.user_id
          left join memberships m on m.site_id = a.site_id and m.user_id = a.user_id
          left join sales s on s.id = a.sale_id and s.site_id = a.site_id
          left join tips t on t.sale_id = s.id
          left join gifts g on g.sale_id = s.id
          left join tiers gt on gt.id = g.tier_id
          left join product_purchases pp on pp.sale_id = s.id
          left join products pr on pr.id = pp.product_id
          -- A tip under a post links to it.
          left join posts p on p.id = coalesce(a.post_id, t.post_id)
          where a.site_id = ${site.id} and a.type in (${sql.join(ownTypes.map((shown) => sql`${shown}`), sql`, `)}) ${after(sql`a.occurred_at`, sql`a.id`)}
          order by a.occurred_at desc, a.id desc limit ${limit + 1}`;
    const parts = [fromMemberships, fromEvents].filter((part): part is SQL => part !== undefined);
    const query = sql`select * from (${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )}) as events order by sort_at desc, id desc limit ${limit + 1}`;
    // node-postgres answers { rows }, PGlite's drizzle driver the rows themselves.
    const result: unknown = await db.execute(query);
    const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      events: page.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: new Date(row.at).toISOString(),
        detail: row.detail,
        member: row.member_id ? { id: row.member_id, name: row.member_name ?? '', email: row.member_email ?? '' } : null,
        post: row.post_id ? { id: row.post_id, title: row.post_title ?? '' } : null,
        sale:
          row.sale_kind && row.sale_amount !== null && row.sale_currency
            ? { kind: row.sale_kind, amount: Number(row.sale_amount), currency: row.sale_currency, message: row.sale_message ?? '', item: row.sale_item ?? '', buyer: row.sale_buyer ?? '' }
            : null,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    };
  }

  return { listFor };
}

export type ActivityService = ReturnType<typeof createActivityService>;
