/**
 * Issue 27 item 5: with APP_URL unset, a newcomer may use the server at any
 * loopback name (issue 15 item 9), but mailed links all went to
 * http://localhost:PORT, so one who signed up at 127.0.0.1 followed the link
 * to another host and landed signed out (the session cookie is per host).
 * Links in the mails a request causes (verification, reset, password changed)
 * now use the loopback origin the person used; never a Host header that is
 * not a loopback name on PORT (host-header injection), and with APP_URL set,
 * always APP_URL's.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody, STRONG_PASSWORD } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

/** Moved past the per-address mail window between a sign-up's mail and a reset's. */
const time = createTestClock();
let unset: TestServer;
let configured: TestServer;
beforeAll(async () => {
  // An empty value is unset, as in a .env left blank.
  unset = await startTestServer({ env: { APP_URL: '' }, clock: time.clock });
  // Its own database: a shared one would let its mail worker render the other server's mail with its own settings.
  configured = await startTestServer();
});
afterAll(async () => {
  await configured?.stop();
  await unset?.stop();
});

const portOf = (server: TestServer) => new URL(server.url).port;
const originOf = (link: string) => new URL(link).origin;

/** A POST as a browser at `host` sends it: undici's fetch will not send another Host than the URL's, so this uses node:http. */
function postAs(server: TestServer, path: string, body: unknown, { host, origin }: { host: string; origin: string }): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: portOf(server), path, method: 'POST', headers: { host, origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function signUpAs(server: TestServer, host: string, origin = `http://${host}`) {
  const body = signupBody();
  const answer = await postAs(server, '/api/auth/signup', body, { host, origin });
  expect(answer.status, answer.text).toBe(201);
  const [mail] = await server.smtp.waitForMail(body.email.toLowerCase());
  return { email: body.email.toLowerCase(), link: mail!.links[0]! };
}

/** The sign-up's mail link; undefined when the server refused the name itself (421 Misdirected Request), so no mail was asked for. */
async function linkOfSignUpAs(server: TestServer, host: string, origin: string): Promise<string | undefined> {
  const body = signupBody();
  const answer = await postAs(server, '/api/auth/signup', body, { host, origin });
  if (answer.status === 421) return undefined;
  expect(answer.status, `${host}: ${answer.text}`).toBe(201);
  const [mail] = await server.smtp.waitForMail(body.email.toLowerCase());
  return mail!.links[0]!;
}

describe('APP_URL unset: links follow the loopback origin the person used', () => {
  it('a newcomer who signed up at 127.0.0.1 gets a link on 127.0.0.1, and following it finds them signed in', async () => {
    const client = createTestClient(unset.url);
    expect(new URL(unset.url).hostname).toBe('127.0.0.1');
    const body = signupBody();
    expect((await client.post('/api/auth/signup', body)).status).toBe(201);
    const [mail] = await unset.smtp.waitForMail(body.email.toLowerCase());
    const link = mail!.links[0]!;
    expect(originOf(link)).toBe(`http://127.0.0.1:${portOf(unset)}`);
    expect(new URL(link).pathname).toBe('/api/auth/verify-email');

    const followed = await client.visit(link);
    // Signed in: the session cookie of 127.0.0.1 went with the link, so the verified creator goes on to set up their site.
    expect(followed.headers.get('location')).toBe('/onboarding');
  });

  it.each(['localhost', '[::1]'])('at %s:PORT, the link is on that name and port', async (name) => {
    const host = `${name}:${portOf(unset)}`;
    const { link } = await signUpAs(unset, host);
    expect(originOf(link)).toBe(`http://${host}`);
  });

  it('a password reset asked at 127.0.0.1 links there, and so does the notice of the changed password', async () => {
    const { email } = await signUpAs(unset, `127.0.0.1:${portOf(unset)}`);
    time.advance(10 * 60_000);
    const client = createTestClient(unset.url);
    expect((await client.post('/api/auth/password-reset', { email })).status).toBe(202);
    const [, reset] = await unset.smtp.waitForMail(email, { count: 2 });
    const resetLink = reset!.links.find((link) => new URL(link).pathname === '/reset-password')!;
    expect(originOf(resetLink)).toBe(`http://127.0.0.1:${portOf(unset)}`);

    const token = new URL(resetLink).searchParams.get('token')!;
    expect((await client.post('/api/auth/password-reset/confirm', { token, password: `${STRONG_PASSWORD}-new` })).status).toBe(200);
    const [, , changed] = await unset.smtp.waitForMail(email, { count: 3 });
    expect(changed!.links.map(originOf)).toContain(`http://127.0.0.1:${portOf(unset)}`);
    expect(changed!.links.map(originOf)).not.toContain(`http://localhost:${portOf(unset)}`);
  });

  it('a forged Host never reaches a link: another name, or a loopback name on another port, gets the default address', async () => {
    const port = Number(portOf(unset));
    // The Origin is an allowed one, so the request passes the same-origin guard. A name the server does not serve may be
    // refused before it reaches the sign-up (421, host routing); whatever passes gets a link on the default address.
    for (const host of ['attacker.example', `attacker.example:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1:${port + 1}`, `localhost:${port + 1}`]) {
      const link = await linkOfSignUpAs(unset, host, `http://127.0.0.1:${port}`);
      if (link !== undefined) expect(originOf(link), host).toBe(`http://localhost:${port}`);
    }
    expect(unset.smtp.received.flatMap((mail) => mail.links).filter((link) => link.includes('attacker') || new URL(link).port !== String(port))).toEqual([]);
  });
});

describe('APP_URL set: links are always on APP_URL', () => {
  it('whatever loopback name or Host the request came with', async () => {
    const appOrigin = new URL(configured.url).origin;
    const port = portOf(configured);
    expect(originOf((await signUpAs(configured, `127.0.0.1:${port}`, appOrigin)).link)).toBe(appOrigin);
    for (const host of [`localhost:${port}`, `[::1]:${port}`, 'attacker.example']) {
      const link = await linkOfSignUpAs(configured, host, appOrigin);
      if (link !== undefined) expect(originOf(link), host).toBe(appOrigin);
    }
    expect(configured.smtp.received.flatMap((mail) => mail.links).map(originOf).filter((origin) => origin !== appOrigin)).toEqual([]);
  });
});
