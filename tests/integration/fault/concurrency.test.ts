/**
 * Races (issue 5, "Concurrency"), on two servers sharing one database:
 * 50 sign-ups of one address make one account and one mail; 50 logins of one
 * user each succeed or are limited, and every session handed out is real;
 * 50 logouts of one session all end it. signup.test.ts races 20 on one server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/api-types.ts';
import { mailOutbox, sessions, users } from '../../../db/schema.ts';
import { signUp, signupBody, uniqueEmail } from '../../support/accounts.ts';
import { expectCodedRefusal, expectHealthy, printSummary } from '../../support/fault-checks.ts';
import { createTestClient, type TestResponse } from '../../support/http-client.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const RACERS = 50;
let a: TestServer;
let b: TestServer;
const counts = { 'concurrent requests': 0, succeeded: 0, limited: 0, '500s seen': 0 };

beforeAll(async () => {
  // The default limits: the races must hold with what production runs.
  a = await startTestServer();
  b = await startTestServer({ shareWith: a });
});
afterAll(async () => {
  printSummary('concurrency', counts);
  await b?.stop();
  await a?.stop();
  expect(counts['500s seen']).toBe(0);
});

function tally(answers: TestResponse[], success: number) {
  for (const answer of answers) {
    counts['concurrent requests'] += 1;
    if (answer.status >= 500) counts['500s seen'] += 1;
    if (answer.status === success) counts.succeeded += 1;
    if (answer.status === 429) counts.limited += 1;
  }
}

const serverFor = (index: number) => (index % 2 ? b : a);

describe(`${RACERS} concurrent sign-ups with one e-mail`, () => {
  it('make exactly one account, one session and one verification mail; the rest are told the address is taken or to wait', async () => {
    const email = uniqueEmail('race');
    const spellings = [email, email.toUpperCase(), `  ${email}  `];
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        createTestClient(serverFor(index).url).post<{ user: PublicUser }>('/api/auth/signup', signupBody({ email: spellings[index % spellings.length] })),
      ),
    );
    tally(answers, 201);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      expect(['email-already-in-use', 'too-many-requests']).toContain(expectCodedRefusal(answer, 'racing sign-up'));
    }

    const rows = await a.handle.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(created[0]!.body.user.uid);
    expect(await a.handle.db.$count(sessions, eq(sessions.userId, rows[0]!.id))).toBe(1);
    // The losers' transactions rolled back their mail with their row.
    expect(await a.handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(1);
    await a.smtp.waitForMail(email);
    await Promise.all([a.services.mailWorker.runOnce(), b.services.mailWorker.runOnce()]);
    expect(a.smtp.mailsTo(email)).toHaveLength(1);
    await expectHealthy(a);
    await expectHealthy(b);
  });
});

describe(`${RACERS} concurrent logins of one user`, () => {
  it('each succeed or are limited, none fails otherwise, and every session handed out is real and distinct', async () => {
    const { email, password } = await signUp(a);
    const [user] = await a.handle.db.select().from(users).where(eq(users.email, email));
    const clients = Array.from({ length: RACERS }, (_, index) => createTestClient(serverFor(index).url));
    const answers = await Promise.all(clients.map((client) => client.post('/api/auth/login', { email, password })));
    tally(answers, 200);
    for (const answer of answers) {
      if (answer.status !== 200) expect(expectCodedRefusal(answer, 'racing login')).toBe('too-many-requests');
    }
    const signedIn = clients.filter((_, index) => answers[index]!.status === 200);
    expect(signedIn.length).toBeGreaterThan(0);
    const tokens = new Set(signedIn.map((client) => client.cookies.get('session')));
    expect(tokens.size).toBe(signedIn.length);
    // One row per success, plus the sign-up's own session.
    expect(await a.handle.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(signedIn.length + 1);
    for (const client of signedIn) expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(email);
    // The burst left no back-off behind: the user signs in again at once.
    expect((await createTestClient(b.url).post('/api/auth/login', { email, password })).status).toBe(200);
    await expectHealthy(a);
    await expectHealthy(b);
  });
});

describe(`${RACERS} concurrent logouts of one session`, () => {
  it('all answer 204 and the session is gone', async () => {
    const { client, email } = await signUp(a);
    const cookie = `session=${client.cookies.get('session')}`;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) => createTestClient(serverFor(index).url).post('/api/auth/logout', undefined, { cookie })),
    );
    tally(answers, 204);
    for (const answer of answers) expect(answer.status).toBe(204);
    const [user] = await a.handle.db.select().from(users).where(eq(users.email, email));
    expect(await a.handle.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(0);
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
  });
});
