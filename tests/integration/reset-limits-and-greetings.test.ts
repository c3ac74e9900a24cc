/**
 * Issue 8, "Hash work before any check": a reset confirm checks its token
 * before it hashes, reset requests and confirms are limited per client
 * address and per e-mail, verification and reset mails are capped per address
 * per day, and a mail to an address nobody has proven carries no text chosen
 * by whoever signed up.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const PER_IP = 4;
const PER_EMAIL = 2;
const MAILS_PER_DAY = 3;
const WINDOW_SECONDS = 3600;
const time = createTestClock();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_RESET_ATTEMPTS_PER_IP: String(PER_IP),
      RATE_LIMIT_RESET_ATTEMPTS_PER_EMAIL: String(PER_EMAIL),
      RATE_LIMIT_RESET_WINDOW_SECONDS: String(WINDOW_SECONDS),
      RATE_LIMIT_MAILS_PER_ADDRESS_PER_DAY: String(MAILS_PER_DAY),
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

/** Every test starts in fresh rate-limit windows of this client address. */
function nextWindow() {
  time.advance((WINDOW_SECONDS + 1) * 1000);
}

const requestReset = (email: string) => createTestClient(server.url).post('/api/auth/password-reset', { email });
const confirmReset = (token: string, password = 'new-violet-harbour-72') =>
  createTestClient(server.url).post<{ error?: { code: string } }>('/api/auth/password-reset/confirm', { token, password });

describe('a reset confirm', () => {
  it('does no hash work for a token that is not valid, and hashes once for one that is', async () => {
    nextWindow();
    const { email } = await signUpVerified(server);
    time.advance(61_000);
    expect((await requestReset(email)).status).toBe(202);
    const mail = (await server.smtp.waitForMail(email, { count: 2 }))[1]!;
    // A spy on the real hasher: it still hashes, the test only counts.
    const hash = vi.spyOn(server.services.passwords, 'hash');
    try {
      const refused = await confirmReset('not-a-token-anyone-was-sent');
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('invalid-token');
      expect(hash).not.toHaveBeenCalled();

      expect((await confirmReset(new URL(mail.links[0]!).searchParams.get('token')!)).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('is limited per client address, before the token is looked at', async () => {
    nextWindow();
    for (let attempt = 1; attempt <= PER_IP; attempt += 1) expect((await confirmReset(`wrong-${attempt}`)).status).toBe(400);
    expect((await confirmReset('wrong-again')).status).toBe(429);
  });
});

describe('reset requests', () => {
  it('are limited per e-mail', async () => {
    nextWindow();
    const email = uniqueEmail('nobody');
    for (let request = 1; request <= PER_EMAIL; request += 1) {
      expect((await requestReset(email)).status).toBe(202);
      time.advance(61_000);
    }
    expect((await requestReset(email)).status).toBe(429);
  });

  it('are limited per client address', async () => {
    nextWindow();
    for (let request = 1; request <= PER_IP; request += 1) expect((await requestReset(uniqueEmail('nobody'))).status).toBe(202);
    expect((await requestReset(uniqueEmail('nobody'))).status).toBe(429);
  });
});

describe('verification and reset mails to one address', () => {
  it('stop at the day’s cap, counting the sign-up mail, and go out again the next day', async () => {
    const { client, email } = await signUp(server);
    for (let resend = 2; resend <= MAILS_PER_DAY; resend += 1) {
      time.advance(61_000);
      expect((await client.post('/api/auth/verification-email', {})).status).toBe(202);
    }
    time.advance(61_000);
    expect((await client.post('/api/auth/verification-email', {})).status).toBe(429);
    await server.smtp.waitForMail(email, { count: MAILS_PER_DAY });

    time.advance(24 * 3600_000);
    expect((await client.post('/api/auth/verification-email', {})).status).toBe(202);
    await server.smtp.waitForMail(email, { count: MAILS_PER_DAY + 1 });
  });
});

describe('a mail to an address nobody has proven', () => {
  it('greets without the name given at sign-up; once proven, the reset mail greets by name', async () => {
    nextWindow();
    const { email } = await signUp(server, { fullName: 'Mallory Visit-evil.example Now' });
    const [verification] = await server.smtp.waitForMail(email);
    time.advance(61_000);
    expect((await requestReset(email)).status).toBe(202);
    const reset = (await server.smtp.waitForMail(email, { count: 2 }))[1]!;
    for (const mail of [verification!, reset]) {
      expect(mail.text.startsWith('Hi,\n')).toBe(true);
      expect(mail.text + mail.html).not.toMatch(/Mallory|evil\.example/);
    }

    const proven = await signUpVerified(server, { fullName: 'Ada Lovelace' });
    time.advance(61_000);
    expect((await requestReset(proven.email)).status).toBe(202);
    const greeted = (await server.smtp.waitForMail(proven.email, { count: 2 }))[1]!;
    expect(greeted.text.startsWith('Hi Ada,\n')).toBe(true);
  });
});
