/**
 * Rate limits under abuse (issue 5, "Rate limits"), beyond security.test.ts
 * (one server, one restart, X-Forwarded-For on sign-ups and per-address login
 * failures): two servers running at once share every limit, a restart of both
 * forgets none, no client-supplied address header dodges them, and a burst of
 * concurrent guesses gets no more tries than the same guesses one by one.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signUp, signupBody, STRONG_PASSWORD, uniqueEmail } from '../../support/accounts.ts';
import { expectCodedRefusal, printSummary } from '../../support/fault-checks.ts';
import { createTestClient, type TestResponse } from '../../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer, type TestServerOptions } from '../../support/test-server.ts';

const FREE_FAILURES = 5;
const counts = { 'requests tried': 0, 'refused with 429': 0, 'guesses let through': 0, '500s seen': 0 };

/**
 * Servers are started per test (each with its own limits) and stopped after it,
 * newest first so sharers stop before their owner: each holds a pool of
 * connections, and Postgres allows only so many.
 */
const started: TestServer[] = [];
/**
 * Unless a test brings its own, each server gets a clock that stands still: the first back-off
 * is one second, which a loaded machine can outlast between two requests, and a limit's check
 * would then depend on the machine's speed.
 */
async function start(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer({ clock: createTestClock().clock, ...options });
  started.push(server);
  return server;
}
afterEach(async () => {
  for (const server of started.splice(0).reverse()) await server.stop();
});
afterAll(() => {
  printSummary('rate-limits', counts);
  expect(counts['500s seen']).toBe(0);
});

function tally(answer: TestResponse): TestResponse {
  counts['requests tried'] += 1;
  if (answer.status >= 500) counts['500s seen'] += 1;
  if (answer.status === 429) counts['refused with 429'] += 1;
  if (answer.status === 401) counts['guesses let through'] += 1;
  return answer;
}

function expectLimited(answer: TestResponse, context: string) {
  expect(expectCodedRefusal(answer, context)).toBe('too-many-requests');
  expect(answer.status, context).toBe(429);
  expect(Number(answer.headers.get('retry-after')), context).toBeGreaterThan(0);
}

const post = async (server: TestServer, path: string, body: unknown) => tally(await createTestClient(server.url).post(path, body));

const login = async (server: TestServer, email: string, password: string, headers: Record<string, string> = {}) =>
  tally(await createTestClient(server.url).post('/api/auth/login', { email, password }, headers));

/** Headers a client can send to claim another address; none counts while TRUST_PROXY is unset. */
const spoofedAddress = (n: number): Record<string, string> => ({
  'x-forwarded-for': `203.0.113.${n}, 198.51.100.${n}`,
  'x-real-ip': `203.0.113.${n}`,
  forwarded: `for=203.0.113.${n}`,
  'x-client-ip': `203.0.113.${n}`,
  'true-client-ip': `203.0.113.${n}`,
  'cf-connecting-ip': `203.0.113.${n}`,
});

describe('two servers running at once', () => {
  it('share the sign-up limit of one address', async () => {
    const env = { RATE_LIMIT_SIGNUPS_PER_IP: '4' };
    const a = await start({ env });
    const b = await start({ env, shareWith: a });
    for (let n = 0; n < 4; n += 1) await signUp(n % 2 ? a : b);
    for (const server of [a, b]) expectLimited(await post(server, '/api/auth/signup', signupBody()), `5th sign-up on ${server.url}`);
  });

  it('share the back-off of one e-mail, also when the guesses alternate between them', async () => {
    const time = createTestClock();
    const a = await start({ clock: time.clock });
    const b = await start({ clock: time.clock, shareWith: a });
    const { email, password } = await signUp(a);
    for (let n = 1; n <= FREE_FAILURES; n += 1) expect((await login(n % 2 ? a : b, email, `wrong-${n}`)).status).toBe(401);
    for (const server of [a, b]) {
      expectLimited(await login(server, email, 'wrong-again'), 'after 5 failures');
      expectLimited(await login(server, email, password), 'right password while backed off');
    }
  });

  it('share the one-mail-a-minute limit of an address', async () => {
    const time = createTestClock();
    const a = await start({ clock: time.clock });
    const b = await start({ clock: time.clock, shareWith: a });
    const { email } = await signUp(a);
    time.advance(61_000);
    expect((await post(a, '/api/auth/password-reset', { email })).status).toBe(202);
    expectLimited(await post(b, '/api/auth/password-reset', { email }), 'second reset on the other server');
  });
});

describe('a restart of every server', () => {
  it('forgets no limit: sign-ups, back-off, failures per address and mails per address', async () => {
    const time = createTestClock();
    const env = { RATE_LIMIT_SIGNUPS_PER_IP: '2', RATE_LIMIT_LOGIN_FAILURES_PER_IP: '8' };
    const first = await start({ env, clock: time.clock });
    const firstPeer = await start({ env, clock: time.clock, shareWith: first });
    const { email, password } = await signUp(first);
    const other = await signUp(firstPeer);
    for (let n = 1; n <= FREE_FAILURES; n += 1) expect((await login(first, email, `wrong-${n}`)).status).toBe(401);
    for (let n = 1; n <= 3; n += 1) expect((await login(firstPeer, uniqueEmail('spray'), `wrong-${n}`)).status).toBe(401);
    await firstPeer.close();
    await first.close();

    const second = await start({ env, clock: time.clock, shareWith: first });
    const secondPeer = await start({ env, clock: time.clock, shareWith: first });
    expectLimited(await post(second, '/api/auth/signup', signupBody()), 'sign-up after restart');
    expectLimited(await login(secondPeer, email, password), 'back-off after restart');
    expectLimited(await post(second, '/api/auth/password-reset', { email: other.email }), 'mail after restart');
    // 8 failures from this address so far: the next login of anyone from it is refused.
    expectLimited(await login(secondPeer, other.email, other.password), 'failures per address after restart');
  });
});

describe('client-supplied address headers without TRUST_PROXY', () => {
  it('do not reset the back-off of an e-mail, whichever header claims another address', async () => {
    const server = await start();
    const { email, password } = await signUp(server);
    for (let n = 1; n <= FREE_FAILURES; n += 1) expect((await login(server, email, `wrong-${n}`, spoofedAddress(n))).status).toBe(401);
    for (let n = 10; n < 15; n += 1) expectLimited(await login(server, email, password, spoofedAddress(n)), `spoofed address ${n}`);
  });

  it('do count as addresses behind a trusted proxy (TRUST_PROXY=1), so the check above is not vacuous', async () => {
    const server = await start({ env: { TRUST_PROXY: '1' } });
    const { email, password } = await signUp(server);
    const behindProxy = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    for (let n = 1; n <= FREE_FAILURES; n += 1) expect((await login(server, email, `wrong-${n}`, behindProxy(1))).status).toBe(401);
    expectLimited(await login(server, email, password, behindProxy(1)), 'same client behind the proxy');
    expect((await login(server, email, password, behindProxy(2))).status).toBe(200);
  });
});

describe('a burst of concurrent guesses', () => {
  it('at one e-mail gets no more password checks than the free failures, across two servers', async () => {
    const time = createTestClock();
    const a = await start({ clock: time.clock });
    const b = await start({ clock: time.clock, shareWith: a });
    const { email, password } = await signUp(a);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => login(n % 2 ? a : b, email, `guess-${n}`)));
    for (const answer of answers) expect([401, 429], answer.text).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(FREE_FAILURES);
    expectLimited(await login(a, email, password), 'right password after the burst');
  });

  it('from one address gets no more password checks than its failure limit', async () => {
    const server = await start({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_IP: '6' } });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => login(server, uniqueEmail(`spray${n}`), STRONG_PASSWORD)));
    for (const answer of answers) expect([401, 429], answer.text).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(6);
  });

  it('of sign-ups from one address makes no more accounts than its limit', async () => {
    const server = await start({ env: { RATE_LIMIT_SIGNUPS_PER_IP: '5' } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(server, '/api/auth/signup', signupBody())));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) expectLimited(answer, 'sign-up burst');
  });
});
