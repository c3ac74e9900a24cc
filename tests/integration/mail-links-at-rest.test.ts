/**
 * Issue 8, "Working links at rest": no usable token sits in the database. The
 * outbox names a template and a user; the worker issues the single-use token
 * while it sends, so only the delivered mail holds it. And the queued mail
 * reaches the worker by itself when its transaction commits.
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.ts';
import { emailTokens, mailOutbox, users } from '../../db/schema.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { retryDelayMs } from '../../server/mail/worker.ts';
import { signUp, uniqueEmail } from '../support/accounts.ts';
import { queueTestMail } from '../support/outbox.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const time = createTestClock();
let server: TestServer;
beforeAll(async () => {
  // No polling to speak of: a mail reaches the worker only through the notice its enqueue sends at commit.
  server = await startTestServer({ clock: time.clock, env: { MAIL_WORKER_INTERVAL_MS: String(3_600_000) } });
});
afterAll(async () => {
  await server?.stop();
});

async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/** Every row of every table of the database as text, as a backup would hold it. */
async function dumpDatabase(db: Database): Promise<string> {
  const rows = await selectRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(rows.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'mail_outbox', 'email_tokens', 'auth_events']));
  let dump = '';
  for (const table of rows) {
    const quoted = `"${table.schema.replace(/"/g, '""')}"."${table.name.replace(/"/g, '""')}"`;
    const lines = await selectRows<{ line: string }>(db, sql.raw(`select t::text as line from ${quoted} t`));
    dump += lines.map((row) => row.line).join('\n');
  }
  return dump;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('links at rest', () => {
  it('leave no token of a delivered verification or reset mail anywhere in the database', async () => {
    const { client, email } = await signUp(server);
    const [verification] = await server.smtp.waitForMail(email);
    time.advance(61_000);
    expect((await client.post('/api/auth/password-reset', { email })).status).toBe(202);
    const reset = (await server.smtp.waitForMail(email, { count: 2 }))[1]!;
    const tokens = [tokenOf(verification!.links[0]!), tokenOf(reset.links[0]!)];
    await expect.poll(async () => server.handle.db.$count(mailOutbox, and(eq(mailOutbox.recipient, email), eq(mailOutbox.status, 'sent')))).toBe(2);

    const dump = await dumpDatabase(server.handle.db);
    expect(dump).toContain(email);
    for (const token of tokens) {
      expect(token).toMatch(/^[\w-]{20,}$/);
      expect(dump).not.toContain(token);
      // Only its hash is kept, which is what makes the link checkable.
      expect(dump).toContain(hashToken(token));
    }
  });

  it('issue a fresh token on each attempt and end the one of the failed attempt', async () => {
    await server.smtp.stop();
    let email: string;
    try {
      ({ email } = await signUp(server));
      const failedAttempt = and(eq(mailOutbox.recipient, email), isNotNull(mailOutbox.lastError));
      await expect.poll(async () => server.handle.db.$count(mailOutbox, failedAttempt), { timeout: 20_000 }).toBe(1);
    } finally {
      await server.smtp.restart();
    }
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const tokensOfUser = () => server.handle.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(await tokensOfUser()).toHaveLength(1);

    time.advance(retryDelayMs(1) + 1000);
    await server.services.mailWorker.runOnce();
    const [mail] = await server.smtp.waitForMail(email);
    const rows = await tokensOfUser();
    expect(rows).toHaveLength(2);
    const live = rows.filter((row) => row.usedAt === null);
    expect(live.map((row) => row.id)).toEqual([hashToken(tokenOf(mail!.links[0]!))]);
  });
});

describe('a queued mail', () => {
  it('reaches the worker when its transaction commits, with no call from the code that queued it', async () => {
    const [recipient] = [uniqueEmail('notified')];
    await queueTestMail(server.handle.db, [recipient], { nextAttemptAt: new Date(time.clock().getTime() + 3_600_000) });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, recipient));
    await server.handle.db.transaction(async (tx) => {
      await enqueueMail(tx, { recipient: recipient, template: 'password-changed', userId: user!.id }, time.clock());
    });
    const [mail] = await server.smtp.waitForMail(recipient);
    expect(mail!.subject).toContain('password was changed');
  });
});

describe('a verification mail whose address was proven before its turn', () => {
  it('is cancelled: no mail, no token', async () => {
    const [recipient] = [uniqueEmail('proven-meanwhile')];
    // queueTestMail makes a verified user; a verification mail queued for it stands for one queued before the proof.
    await queueTestMail(server.handle.db, [recipient], { status: 'sent' });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, recipient));
    await server.handle.db.transaction(async (tx) => {
      await enqueueMail(tx, { recipient: recipient, template: 'verify-email', userId: user!.id }, time.clock());
    });
    const cancelled = and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.template, 'verify-email'), eq(mailOutbox.status, 'cancelled'));
    await expect.poll(async () => server.handle.db.$count(mailOutbox, cancelled), { timeout: 20_000 }).toBe(1);
    await server.services.mailWorker.runOnce();
    expect(server.smtp.mailsTo(recipient)).toEqual([]);
    expect(await server.handle.db.$count(emailTokens, eq(emailTokens.userId, user!.id))).toBe(0);
  });
});
