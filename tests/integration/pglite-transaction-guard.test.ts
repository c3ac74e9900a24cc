/**
 * The test harness's guard of issue 27 (tests/support/test-database.ts,
 * docs/decisions/129): on PGlite, a query through the database from inside
 * one of its transactions waited forever for the one connection the
 * transaction held, so a test of such code hung until its timeout and named
 * nothing. Under the guard it fails at once with the reason, the transaction
 * rolls back, and the database goes on answering.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { createTestDatabase, QUERY_INSIDE_TRANSACTION, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase({ embedded: true });
  handle = await database.connect();
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const row = (id: string) => ({ id, email: `${id}@guard.example`, fullName: 'Guard', displayName: 'Guard', username: id.slice(0, 6), niche: '' });

describe('a query through the database inside one of its transactions, on PGlite', () => {
  it('fails at once naming the mistake, and the transaction rolls back', async () => {
    expect(database.kind).toBe('pglite');
    const { db } = handle;
    const attempt = db.transaction(async (tx) => {
      await tx.insert(users).values(row('guard-rolled-back'));
      // What a service does by mistake when it reads through its own `db` while writing through `tx`.
      // eslint-disable-next-line local/no-database-in-transaction -- the mistake this test makes on purpose
      return db.select().from(users).where(eq(users.id, 'guard-rolled-back'));
    });
    // drizzle names the query and keeps the guard's error as the cause.
    await expect(attempt).rejects.toMatchObject({ cause: { message: QUERY_INSIDE_TRANSACTION } });
    expect(await db.select().from(users).where(eq(users.id, 'guard-rolled-back'))).toEqual([]);
  });

  it('lets the transaction\'s own queries through, and the database once the callback has ended', async () => {
    const { db } = handle;
    let afterwards: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(users).values(row('guard-committed'));
      // Started inside, run after: work the callback does not wait for is not refused once it has ended.
      // eslint-disable-next-line local/no-database-in-transaction -- it runs after the transaction, which is the point
      afterwards = Promise.resolve().then(() => new Promise((resolve) => setImmediate(resolve))).then(() => db.select().from(users).where(eq(users.id, 'guard-committed')));
    });
    expect(await afterwards).toHaveLength(1);
  });
});
