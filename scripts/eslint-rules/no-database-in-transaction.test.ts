import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './no-database-in-transaction.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('no-database-in-transaction', rule, {
  valid: [
    'await db.transaction(async (tx) => { await tx.insert(users).values(row); await enqueueMail(tx, mail); });',
    // Before and after the transaction the database is free.
    'const [user] = await db.select().from(users); await db.transaction(async (tx) => tx.delete(users)); await db.select().from(users);',
    // Another handle is another connection.
    'await db.transaction(async (tx) => { await other.select().from(users); });',
    'await deps.db.transaction(async (tx) => { await tx.select().from(users); deps.logger.info("done"); });',
    // A name the callback declares itself is not the database.
    'await db.transaction(async (tx) => { const db = tx; await db.select().from(users); });',
  ],
  invalid: [
    { code: 'await db.transaction(async (tx) => { await db.select().from(users); });', errors: [{ messageId: 'outside' }] },
    { code: 'await db.transaction(async (tx) => { await tx.insert(users).values(row); await enqueueMail(db, mail); });', errors: [{ messageId: 'outside' }] },
    { code: 'await db.transaction(function (tx) { return findSite({ db }, id); });', errors: [{ messageId: 'outside' }] },
    { code: 'await deps.db.transaction(async (tx) => { await deps.db.select().from(users); });', errors: [{ messageId: 'outside' }] },
    { code: 'class S { async run() { await this.db.transaction(async (tx) => this.db.delete(users)); } }', errors: [{ messageId: 'outside' }] },
  ],
});
