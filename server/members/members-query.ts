/**
 * One page of a site's members: the filters, the search, the sort and the
 * keyset paging of /api/members, shared by the list and the CSV export
 * (docs/decisions/055). A cursor (members-cursor.ts) carries the last row's sort key and id, so
 * the next page is an index range scan whatever its depth; `page` (OFFSET) is
 * there for jumping and costs what OFFSET costs.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MemberFilter, MemberSort } from '../../common/api/members.ts';
import type { MembersQueryData } from '../../common/member-schemas.ts';
import type { MembershipStatus } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { emailDisabledMembers } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { escapeLike, rowsOf } from '../../db/transaction.ts';
import { EXPORT_CELLS, type ExportCells } from './members-export.ts';
import { decodeCursor, encodeCursor, type Cursor, type SortKeyType } from './members-cursor.ts';

const LIVE_PAID: MembershipStatus[] = ['active', 'trialing', 'past_due'];

const FILTERS: Record<MemberFilter, SQL> = {
  active: inArray(memberships.status, ['active', 'trialing', 'past_due', 'comped']),
  paying: and(eq(memberships.source, 'stripe'), inArray(memberships.status, LIVE_PAID))!,
  free: and(eq(memberships.status, 'active'), inArray(memberships.source, ['free', 'import']))!,
  comped: eq(memberships.status, 'comped'),
  past_due: eq(memberships.status, 'past_due'),
  ended: inArray(memberships.status, ['canceled', 'expired']),
  // A permanent SMTP failure stopped mail to the address (server/newsletters).
  email_disabled: sql`exists (select 1 from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${memberships.id})`,
};

/** Each sort's key and the SQL type its text form is cast back to for the keyset comparison. */
const SORT_KEYS: Record<MemberSort, { key: SQL; type: SortKeyType }> = {
  joined: { key: sql`${memberships.createdAt}`, type: 'timestamptz' },
  name: { key: sql`lower(${users.fullName})`, type: 'text' },
  email: { key: sql`${users.email}`, type: 'text' },
  // Members without a renewal (free, comped, ended) sort after every date.
  renewal: { key: sql`coalesce(${memberships.currentPeriodEnd}, 'infinity'::timestamptz)`, type: 'timestamptz' },
  value: { key: sql`${memberships.lifetimeValue}`, type: 'integer' },
};

export const MEMBER_COLUMNS = {
  id: memberships.id,
  // A fan who joined with an e-mail only has no name yet (docs/decisions/145): the studio shows their address.
  name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
  email: users.email,
  tierId: memberships.tierId,
  tierName: tiers.name,
  tierCurrency: tiers.currency,
  status: memberships.status,
  source: memberships.source,
  cadence: memberships.cadence,
  createdAt: memberships.createdAt,
  currentPeriodEnd: memberships.currentPeriodEnd,
  cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
  lifetimeValue: memberships.lifetimeValue,
  currency: memberships.currency,
  compExpiresAt: memberships.compExpiresAt,
  labels: memberships.labels,
  note: memberships.note,
  subscribedToEmails: memberships.subscribedToEmails,
  /** Why mail to the address stopped; null while it gets mail. A subquery, so every selection of these columns has it without a join. */
  emailDisabledReason: sql<string | null>`(select ${emailDisabledMembers.reason} from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${memberships.id})`,
  stripeCustomerId: memberships.stripeCustomerId,
  stripeSubscriptionId: memberships.stripeSubscriptionId,
  endedAt: memberships.endedAt,
};

/** Every selection reads the members join: a membership, its member's account, its tier. */
const ON_USER = eq(users.id, memberships.userId);
const ON_TIER = eq(tiers.id, memberships.tierId);

function selectMembers(db: Database, sortKey: SQL) {
  return db
    .select({ ...MEMBER_COLUMNS, sortKey: sql<string>`(${sortKey})::text` })
    .from(memberships)
    .innerJoin(users, ON_USER)
    .innerJoin(tiers, ON_TIER);
}

export type MemberRow = Omit<Awaited<ReturnType<typeof selectMembers>>[number], 'sortKey'>;

/** The filters and search of a query, within one site. */
export function memberConditions(siteId: string, query: Pick<MembersQueryData, 'status' | 'tier' | 'source' | 'q'>): SQL {
  const conditions: SQL[] = [eq(memberships.siteId, siteId)];
  if (query.status) conditions.push(FILTERS[query.status]);
  if (query.tier) conditions.push(eq(memberships.tierId, query.tier));
  if (query.source) conditions.push(eq(memberships.source, query.source));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern))!);
  }
  return and(...conditions)!;
}

export interface MembersPage {
  rows: MemberRow[];
  next?: string;
  previous?: string;
}

/** Where a page starts, which way it reads, how far it skips: the same for every selection. */
interface PagePlan {
  sortKey: SQL;
  where: SQL;
  orderBy: SQL[];
  offset: number;
  cursor: Cursor | undefined;
  backwards: boolean;
}

function planPage(siteId: string, query: MembersQueryData): PagePlan {
  const { key, type } = SORT_KEYS[query.sort];
  const cursor = query.cursor ? decodeCursor(query.cursor, query, type) : undefined;
  const backwards = cursor?.d === 'b';
  // Reading backwards walks the order reversed from the cursor, then turns the page round.
  const descending = (query.order === 'desc') !== backwards;
  const direction = descending ? desc : asc;
  const conditions = [memberConditions(siteId, query)];
  if (cursor) {
    const comparison = sql.raw(descending ? '<' : '>');
    conditions.push(sql`(${key}, ${memberships.id}) ${comparison} (cast(${cursor.k} as ${sql.raw(type)}), cast(${cursor.id} as uuid))`);
  }
  const offset = !cursor && query.page ? (query.page - 1) * query.limit : 0;
  return { sortKey: key, where: and(...conditions)!, orderBy: [direction(key), direction(memberships.id)], offset, cursor, backwards };
}

/** The query the members list runs for one page (its EXPLAIN is tested: the search must use the trigram indexes). */
export function membersPageQuery(db: Database, siteId: string, query: MembersQueryData) {
  const plan = planPage(siteId, query);
  return { plan, select: selectMembers(db, plan.sortKey).where(plan.where).orderBy(...plan.orderBy).limit(query.limit + 1).offset(plan.offset) };
}

/** Turns one more row than the page holds into the page and its cursors. */
function toPage<Row extends { id: string; sortKey: string }>(found: Row[], plan: PagePlan, query: MembersQueryData) {
  const more = found.length > query.limit;
  const page = found.slice(0, query.limit);
  if (plan.backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const make = (d: 'a' | 'b', row: Row) => encodeCursor({ s: query.sort, o: query.order, d, k: row.sortKey, id: row.id });
  const hasNext = plan.backwards ? true : more;
  const hasPrevious = plan.backwards ? more : Boolean(plan.cursor) || plan.offset > 0;
  return {
    rows: page,
    ...(hasNext && last ? { next: make('a', last) } : {}),
    ...(hasPrevious && first ? { previous: make('b', first) } : {}),
  };
}

export async function readMembersPage(db: Database, siteId: string, query: MembersQueryData): Promise<MembersPage> {
  const { plan, select } = membersPageQuery(db, siteId, query);
  const { rows, ...links } = toPage(await select, plan, query);
  return { rows: rows.map(({ sortKey: _sortKey, ...row }) => row), ...links };
}

/** One page of the CSV export's cells, all text made by Postgres, in the list's order (docs/decisions/070). */
export interface ExportPage {
  rows: ExportCells[];
  next?: string;
}

type ExportRow = ExportCells & { sortKey: string };

export async function readExportPage(db: Database, siteId: string, query: MembersQueryData): Promise<ExportPage> {
  const plan = planPage(siteId, query);
  // The cells' own `id` is the membership's id: the cursor takes it from there.
  const select = db
    .select({ ...EXPORT_CELLS, sortKey: sql<string>`(${plan.sortKey})::text`.as('sortKey') })
    .from(memberships)
    .innerJoin(users, ON_USER)
    .innerJoin(tiers, ON_TIER)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(query.limit + 1)
    .offset(plan.offset);
  // execute() hands back the driver's rows untouched: every cell is already text.
  const { rows, next } = toPage(rowsOf<ExportRow>(await db.execute(select)), plan, query);
  return { rows, ...(next ? { next } : {}) };
}

/** How many members the filters match; the users join only when the search needs it. */
export async function countMembers(db: Database, siteId: string, query: Pick<MembersQueryData, 'status' | 'tier' | 'source' | 'q'>): Promise<number> {
  const base = db.select({ total: count() }).from(memberships);
  const [row] = await (query.q ? base.innerJoin(users, eq(users.id, memberships.userId)) : base).where(memberConditions(siteId, query));
  return row?.total ?? 0;
}
