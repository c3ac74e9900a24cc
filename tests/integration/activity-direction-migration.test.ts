/**
 * The migration that splits tier changes into upgrades and downgrades
 * (docs/decisions/112): a database at the migration before it, holding tier
 * changes recorded the old way, is migrated, and the rows whose direction the
 * tiers' types tell are rewritten; the rest stay plain tier changes.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import { useDatabaseBeforeMigration } from '../support/before-migration.ts';

const database = useDatabaseBeforeMigration('0017_activity_direction');

it('rewrites free-to-paid as upgraded and a comp ending on the free tier as downgraded, and leaves paid-to-paid alone', async () => {
  const { handle, before } = database;
  await migrateDatabase(handle, before);
  const db = handle.db;
  // Users in the columns they had then: the schema of today names columns later migrations added.
  const insertUser = (id: string, email: string, name: string, role: 'creator' | 'member') =>
    db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role) values (${id}, ${email}, ${name}, ${name}, ${id.slice(0, 8)}, '', ${role})`);
  const owner = randomUUID();
  await insertUser(owner, `${owner}@creator.test`, 'Owner', 'creator');
  // Sites and tiers too: later migrations gave them columns (sites.tips, tiers.trial_days) this database has not yet.
  const site = { id: randomUUID() };
  await db.execute(sql`insert into sites (id, owner_id, handle, title) values (${site.id}, ${owner}, ${`mig-${owner.slice(0, 8)}`}, 'Migrated')`);
  const insertTier = async (name: string, type: 'free' | 'paid', monthlyPrice: number | null) => {
    const id = randomUUID();
    await db.execute(sql`insert into tiers (id, site_id, name, type, monthly_price, currency) values (${id}, ${site.id}, ${name}, ${type}, ${monthlyPrice}, 'usd')`);
    return { id };
  };
  const free = await insertTier('Free', 'free', null);
  const gold = await insertTier('Gold', 'paid', 900);
  const silver = await insertTier('Silver', 'paid', 500);
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));

  async function member(history: Array<[kind: 'joined' | 'comped' | 'payment' | 'tier-changed', tierId: string, day: number]>) {
    const userId = randomUUID();
    await insertUser(userId, `${userId}@member.test`, 'M', 'member');
    const [row] = await db.insert(memberships).values({ siteId: site.id, userId, tierId: history.at(-1)![1], status: 'active', source: 'free' }).returning();
    for (const [kind, tierId, day] of history) await db.insert(membershipEvents).values({ membershipId: row!.id, siteId: site.id, kind, tierId, occurredAt: at(day) });
    return row!.id;
  }
  const rose = await member([
    ['joined', free.id, 1],
    ['tier-changed', gold.id, 3],
    ['payment', gold.id, 3],
  ]);
  const compEnded = await member([
    ['joined', free.id, 1],
    ['comped', gold.id, 2],
    ['tier-changed', free.id, 9],
  ]);
  const sideways = await member([
    ['joined', silver.id, 1],
    ['payment', silver.id, 1],
    ['tier-changed', gold.id, 5],
  ]);
  const orphan = await member([['tier-changed', gold.id, 4]]);

  await migrateDatabase(handle);
  const kinds = async (membershipId: string) =>
    (await db.select({ kind: membershipEvents.kind }).from(membershipEvents).where(eq(membershipEvents.membershipId, membershipId)).orderBy(asc(membershipEvents.occurredAt), asc(membershipEvents.kind))).map((row) => row.kind);
  expect(await kinds(rose)).toEqual(['joined', 'payment', 'upgraded']);
  expect(await kinds(compEnded)).toEqual(['joined', 'comped', 'downgraded']);
  expect(await kinds(sideways)).toEqual(['joined', 'payment', 'tier-changed']);
  expect(await kinds(orphan)).toEqual(['tier-changed']);
});
