/**
 * The members search (ILIKE '%term%' on name or e-mail) can be served by the
 * pg_trgm indexes of migration 0009, on Postgres and on PGlite alike: the plan
 * of the very query the members list runs reads them instead of scanning every
 * account (issue 15, "Speed"). Sequential and plain index scans (a walk of the
 * whole primary key is a scan too) are priced out for the EXPLAIN, so the
 * answer does not hang on how many rows a test can afford: without a usable
 * index the plan still scans users. At 100,000 members the planner takes the
 * trigram indexes by itself (bench/members.bench.ts, row 19).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersQuerySchema } from '../../common/member-schemas.ts';
import { membersPageQuery } from '../../server/members/members-query.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MEMBERS = 2_000;

let server: TestServer;
let creator: Creator;

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
  const { free } = await insertTiers(server.handle.db, creator.siteId);
  const db = server.handle.db;
  await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role)
    select 'search' || n, 'member' || n || '@search.example', 'Member ' || n || ' ' || substr(md5(n::text), 1, 8), 'Member', 'search' || n, '', 'member'
    from generate_series(1, ${MEMBERS}::int) as n`);
  await db.execute(sql`insert into memberships (site_id, user_id, tier_id, status, source)
    select ${creator.siteId}::uuid, 'search' || n, ${free.id}::uuid, 'active', 'free' from generate_series(1, ${MEMBERS}::int) as n`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze memberships`);
});
afterAll(async () => {
  await server?.stop();
});

async function planOf(q: string): Promise<string> {
  const { select } = membersPageQuery(server.handle.db, creator.siteId, membersQuerySchema.parse({ q }));
  return server.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const result = (await tx.execute(sql`explain ${select}`)) as Record<string, string>[] | { rows: Record<string, string>[] };
    return (Array.isArray(result) ? result : result.rows).map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the members search', () => {
  it('reads the trigram indexes of name and e-mail, not every account', async () => {
    const plan = await planOf('member1234');
    expect(plan).toContain('users_full_name_trgm_idx');
    expect(plan).toContain('users_email_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('keeps no pending list, so stale statistics never make them look cheaper than the unique index for an equality lookup (issue 27)', async () => {
    const result = (await server.handle.db.execute(
      sql`select relname, reloptions::text as options from pg_class where relname in ('users_full_name_trgm_idx', 'users_email_trgm_idx') order by relname`,
    )) as Record<string, string>[] | { rows: Record<string, string>[] };
    const rows = Array.isArray(result) ? result : result.rows;
    expect(rows.map((row) => [row.relname, row.options])).toEqual([
      ['users_email_trgm_idx', '{fastupdate=false}'],
      ['users_full_name_trgm_idx', '{fastupdate=false}'],
    ]);
  });

  it('finds the same members through the index as the words say', async () => {
    const response = await creator.client.get<{ members: { email: string }[]; total: number }>('/api/members?q=member1234');
    expect(response.status).toBe(200);
    expect(response.body.members.map((member) => member.email).sort()).toEqual(['member1234@search.example']);
    expect(response.body.total).toBe(1);
  });
});
