/**
 * The migration that lets an admin also be a creator (docs/decisions/148): a
 * database one step behind it holds an admin (the old role of its own), a
 * creator and a member; after it the admin is a creator who is also an admin,
 * the others are as they were, and the role 'admin' can no longer be stored.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { defaultMigrationsFolder, migrateDatabase } from '../../db/migrate.ts';
import { useDatabaseBeforeMigration } from '../support/before-migration.ts';

const database = useDatabaseBeforeMigration('0024_admin_beside_role');

it('makes every admin a creator who is also an admin, and leaves creators and members as they were', async () => {
  const { handle, before } = database;
  await migrateDatabase(handle, before);
  const db = handle.db;
  const ids = { admin: randomUUID(), creator: randomUUID(), member: randomUUID() };
  // Raw SQL: the schema of today has a column this database does not have yet.
  for (const [role, id] of Object.entries(ids)) {
    await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role) values (${id}, ${`${id}@${role}.test`}, 'A', 'A', ${id.slice(0, 8)}, '', ${role})`);
  }

  await migrateDatabase(handle, defaultMigrationsFolder());
  type Row = { id: string; role: string; is_admin: boolean };
  const result: unknown = await db.execute(sql`select id, role, is_admin from users`);
  // postgres-js answers an array, PGlite an object with its rows.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
  const byId = new Map(rows.map((row) => [row.id, { role: row.role, isAdmin: row.is_admin }]));
  expect(byId.get(ids.admin)).toEqual({ role: 'creator', isAdmin: true });
  expect(byId.get(ids.creator)).toEqual({ role: 'creator', isAdmin: false });
  expect(byId.get(ids.member)).toEqual({ role: 'member', isAdmin: false });
  await expect(db.execute(sql`update users set role = 'admin' where id = ${ids.member}`)).rejects.toThrow();
});
