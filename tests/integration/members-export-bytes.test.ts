/**
 * The members CSV export, made from text cells Postgres writes and our own
 * line writer (docs/decisions/070), is byte for byte the file csv-stringify
 * wrote from the row objects before: the oracle below is that earlier writer,
 * run on the same rows read straight from the database. Awkward cells (formula
 * starts, quotes, commas, line breaks, empty and non-ASCII text, labels with
 * commas, microsecond times) and more than one page of rows, in two orders.
 */
import { stringify } from 'csv-stringify/sync';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { insertTiers, seedMembers, type SeededMember } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** More than one export page (1,000 rows a query). */
const SEEDED = 1_203;

const AWKWARD = [
  '+Plus, Comma',
  '-dash',
  '@at home',
  '\tTab first',
  '\rCarriage first',
  '=HYPERLINK("http://evil.example","x")',
  'Quote "inside"',
  'Line\nbreak',
  'Carriage\rinside',
  'Ünïcödé 👋 naïve',
  '',
  "'already quoted",
  'trailing comma,',
];

let server: TestServer;
let creator: Creator;
let seeded: SeededMember[];

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
  const siteTiers = await insertTiers(server.handle.db, creator.siteId);
  seeded = await seedMembers(server.handle.db, creator.siteId, siteTiers, SEEDED);
  const db = server.handle.db;
  for (const [index, text] of AWKWARD.entries()) {
    const member = seeded[index * 7]!;
    await db.update(users).set({ fullName: text || 'x' }).where(eq(users.id, member.userId));
    await db
      .update(memberships)
      .set({
        note: text,
        labels: [text, 'a,b', `"${index}"`],
        stripeCustomerId: index % 2 ? `cus_${index}` : `-cus_${index}`,
        subscribedToEmails: index % 3 !== 0,
        // Microseconds: both writers must cut them to milliseconds alike.
        createdAt: sql`timestamptz '2025-03-01 10:00:00.123999+00' + ${index} * interval '1 hour 0.000777 second'`,
        endedAt: index % 2 ? sql`timestamptz '2025-12-31 23:59:59.999999+00'` : null,
      })
      .where(eq(memberships.id, member.id));
  }
  await db.update(tiers).set({ name: 'Gold, "Plus"' }).where(eq(tiers.id, siteTiers.gold.id));
});
afterAll(async () => {
  await server?.stop();
});

const FORMULA_START = /^[=+\-@\t\r]/;

/** The export as it was written before decision 070: row objects through csv-stringify. */
async function formerExport(order: 'joined' | 'name'): Promise<string> {
  const sortKey = order === 'joined' ? desc(memberships.createdAt) : asc(sql`lower(${users.fullName})`);
  const rows = await server.handle.db
    .select({
      id: memberships.id,
      email: users.email,
      name: users.fullName,
      note: memberships.note,
      subscribedToEmails: memberships.subscribedToEmails,
      status: memberships.status,
      stripeCustomerId: memberships.stripeCustomerId,
      createdAt: memberships.createdAt,
      endedAt: memberships.endedAt,
      labels: memberships.labels,
      tierName: tiers.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(eq(memberships.siteId, creator.siteId))
    .orderBy(sortKey, order === 'joined' ? desc(memberships.id) : asc(memberships.id));
  const records = rows.map((row) =>
    [
      row.id,
      row.email,
      row.name,
      row.note,
      String(row.subscribedToEmails),
      String(row.status === 'comped'),
      row.stripeCustomerId ?? '',
      row.createdAt.toISOString(),
      row.endedAt?.toISOString() ?? '',
      row.labels.join(','),
      row.tierName,
    ].map((value) => (FORMULA_START.test(value) ? `'${value}` : value)),
  );
  return stringify([[...EXPORT_COLUMNS]]) + stringify(records);
}

describe('the members CSV export', () => {
  it.each([
    ['joined', ''],
    ['name', '?sort=name&order=asc'],
  ] as const)('is byte for byte what csv-stringify wrote, sorted by %s', async (order, query) => {
    const response = await creator.client.get(`/api/members/export.csv${query}`);
    expect(response.status).toBe(200);
    const expected = await formerExport(order);
    // Every member is there (the oracle is not empty), awkward cells included.
    expect(expected.match(/@\S+\.example,/g)).toHaveLength(SEEDED);
    expect(response.text).toBe(expected);
  });
});
