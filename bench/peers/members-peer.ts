/**
 * Reference peer of the subscribers rows: a bare Express 5 app answering the
 * same /api/members calls for one site (SITE_ID) with SQL written by hand
 * through the same driver (postgres.js), and the same JSON; no session, no
 * security headers, no maintenance check, no zod. Its export is Postgres's
 * own `COPY ... TO STDOUT (FORMAT csv)` of the same columns.
 */
import express from 'express';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const siteId = process.env.SITE_ID!;

const SORTS: Record<string, { key: string; type: string }> = {
  joined: { key: 'm.created_at', type: 'timestamptz' },
  name: { key: 'lower(u.full_name)', type: 'text' },
  value: { key: 'm.lifetime_value', type: 'integer' },
};

const STATUS: Record<string, string> = {
  paying: `m.source = 'stripe' and m.status in ('active', 'trialing', 'past_due')`,
  comped: `m.status = 'comped'`,
};

interface Row {
  id: string;
  full_name: string;
  email: string;
  tier_id: string;
  tier_name: string;
  tier_currency: string;
  status: string;
  source: string;
  cadence: string | null;
  created_at: Date;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  lifetime_value: number;
  currency: string | null;
  comp_expires_at: Date | null;
  labels: string[];
  sort_key: string;
}

/**
 * `without=trigram`: the search's plan from before migration 0008, the baseline of bench row 19's index figure.
 * GIN indexes are read only by bitmap scans, so turning those off on one reserved connection takes away exactly
 * the trigram indexes and leaves the rest of the plan (the join's index lookups) as it was.
 */
async function withPlan<T>(withoutTrigram: boolean, run: (db: postgres.Sql) => Promise<T>): Promise<T> {
  if (!withoutTrigram) return run(sql);
  const reserved = await sql.reserve();
  try {
    await reserved`set enable_bitmapscan = off`;
    return await run(reserved);
  } finally {
    await reserved`reset enable_bitmapscan`;
    reserved.release();
  }
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const app = express();

app.get('/api/members', async (req, res) => {
  const sort = typeof req.query.sort === 'string' ? req.query.sort : 'joined';
  const order = req.query.order === 'asc' ? 'asc' : 'desc';
  const limit = 50;
  const { key, type } = SORTS[sort]!;
  const where = ['m.site_id = $1'];
  const values: (string | number)[] = [siteId];
  if (typeof req.query.status === 'string') where.push(STATUS[req.query.status]!);
  if (typeof req.query.q === 'string') {
    values.push(`%${req.query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    where.push(`(u.full_name ilike $${values.length} or u.email ilike $${values.length})`);
  }
  const countWhere = [...where];
  const countValues = [...values];
  let cursor: { k: string; id: string } | undefined;
  if (typeof req.query.cursor === 'string') {
    cursor = JSON.parse(Buffer.from(req.query.cursor, 'base64url').toString()) as { k: string; id: string };
    values.push(cursor.k, cursor.id);
    where.push(`(${key}, m.id) ${order === 'desc' ? '<' : '>'} (cast($${values.length - 1} as ${type}), cast($${values.length} as uuid))`);
  }
  const [rows, [counted], tiers] = await withPlan(req.query.without === 'trigram', (db) => Promise.all([
    db.unsafe<Row[]>(
      `select m.id, u.full_name, u.email, m.tier_id, t.name as tier_name, t.currency as tier_currency, m.status, m.source, m.cadence, m.created_at,
              m.current_period_end, m.cancel_at_period_end, m.lifetime_value, m.currency, m.comp_expires_at, m.labels, (${key})::text as sort_key
         from memberships m join users u on u.id = m.user_id join tiers t on t.id = m.tier_id
        where ${where.join(' and ')} order by ${key} ${order}, m.id ${order} limit ${limit + 1}`,
      values,
    ),
    db.unsafe<{ total: number }[]>(`select count(*)::int as total from memberships m ${req.query.q ? 'join users u on u.id = m.user_id' : ''} where ${countWhere.join(' and ')}`, countValues),
    db`select id, name, type, active from tiers where site_id = ${siteId} order by position, created_at`,
  ]));
  const page = rows.slice(0, limit);
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  const members = page.map((row) => ({
    id: row.id,
    name: row.full_name,
    email: row.email,
    tier: { id: row.tier_id, name: row.tier_name },
    status: row.status,
    source: row.source,
    cadence: row.cadence,
    joined: row.created_at.toISOString(),
    renewal: { at: iso(row.current_period_end), cancelAtPeriodEnd: row.cancel_at_period_end },
    lifetimeValue: { amount: row.lifetime_value, currency: row.currency ?? row.tier_currency },
    compExpiresAt: iso(row.comp_expires_at),
    labels: row.labels,
  }));
  const cursorOf = (d: string, row: Row) => encode({ s: sort, o: order, d, k: row.sort_key, id: row.id });
  const last = page.at(-1);
  const first = page[0];
  res.json({
    members,
    total: counted!.total,
    tiers,
    ...(rows.length > limit && last ? { next: cursorOf('a', last) } : {}),
    ...(cursor && first ? { previous: cursorOf('b', first) } : {}),
  });
});

app.get('/api/members/export.csv', async (_req, res) => {
  res.set('Content-Type', 'text/csv; charset=utf-8');
  const stream = await sql
    .unsafe(
      `copy (select m.id, u.email, u.full_name as name, m.note, m.subscribed_to_emails, m.status = 'comped' as complimentary_plan, m.stripe_customer_id,
                    m.created_at, m.ended_at as deleted_at, array_to_string(array(select jsonb_array_elements_text(m.labels)), ',') as labels, t.name as tiers
               from memberships m join users u on u.id = m.user_id join tiers t on t.id = m.tier_id
              where m.site_id = '${siteId.replace(/[^0-9a-f-]/g, '')}' order by m.created_at desc, m.id desc)
       to stdout with (format csv, header)`,
    )
    .readable();
  stream.pipe(res);
});

app.get('/', (_req, res) => {
  res.send('ok');
});

app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
