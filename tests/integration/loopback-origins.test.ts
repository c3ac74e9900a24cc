/**
 * Issue 15 item 9: with APP_URL unset, a newcomer may open the server at any
 * loopback name on PORT and sign up; any other origin is refused with a message
 * that names APP_URL. With APP_URL set, only its origin is accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { signupBody } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { spawnServerProcess } from '../support/server-process.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let unset: TestServer;
let configured: TestServer;
beforeAll(async () => {
  // An empty value is unset, as in a .env left blank.
  unset = await startTestServer({ env: { APP_URL: '' } });
  // Its own database: a shared one would let its mail worker render the other server's mail with its own APP_URL.
  configured = await startTestServer();
});
afterAll(async () => {
  await configured?.stop();
  await unset?.stop();
});

const portOf = (server: TestServer) => new URL(server.url).port;

describe('APP_URL unset', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])('signs up a newcomer whose page is at http://%s:PORT', async (host) => {
    const client = createTestClient(unset.url, `http://${host}:${portOf(unset)}`);
    const response = await client.post('/api/auth/signup', signupBody());
    expect(response.status, response.text).toBe(201);
  });

  it('mails links at the loopback name the newcomer used, where their session cookie is (issue 27; mail-link-origin.test.ts)', async () => {
    const body = signupBody();
    const client = createTestClient(unset.url, `http://127.0.0.1:${portOf(unset)}`);
    expect((await client.post('/api/auth/signup', body)).status).toBe(201);
    const [mail] = await unset.smtp.waitForMail(body.email.toLowerCase());
    expect(new URL(mail!.links[0]!).origin).toBe(`http://127.0.0.1:${portOf(unset)}`);
  });

  it('refuses a foreign origin, or a loopback name on another port, with a message naming APP_URL', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${Number(portOf(unset)) + 1}`, `https://localhost:${portOf(unset)}`]) {
      const response = await createTestClient(unset.url, origin).post<{ error: { code: string; message: string } }>('/api/auth/signup', signupBody());
      expect(response.status, origin).toBe(403);
      expect(response.body.error.code).toBe('forbidden-origin');
      expect(response.body.error.message).toBe(SERVER_MESSAGES['forbidden-origin']);
      expect(response.body.error.message).toMatch(/set APP_URL/);
    }
  });
});

describe('start-up', () => {
  it('logs exactly one address to open, the default one mail links fall back to', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loopback-origins-'));
    const server = await spawnServerProcess({ smtpUrl: unset.smtp.url, env: { APP_URL: '', DATA_DIR: dataDir } });
    try {
      const started = await server.waitForLog((line) => line.msg === 'server started', 'the start-up line');
      const port = new URL(server.url).port;
      expect(started.open).toBe(`http://localhost:${port}/`);
      const addresses = Object.values(started).filter((value) => typeof value === 'string' && /^https?:\/\//.test(value));
      expect(addresses).toEqual([`http://localhost:${port}/`]);
    } finally {
      server.kill();
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.lock`, { force: true });
    }
  });
});

describe('APP_URL set', () => {
  it('accepts only its origin, not the other loopback names', async () => {
    const appOrigin = new URL(configured.url).origin;
    expect((await createTestClient(configured.url, appOrigin).post('/api/auth/signup', signupBody())).status).toBe(201);
    for (const host of ['localhost', '[::1]']) {
      const response = await createTestClient(configured.url, `http://${host}:${portOf(configured)}`).post<{ error: { code: string } }>('/api/auth/signup', signupBody());
      expect(response.status, host).toBe(403);
      expect(response.body.error.code).toBe('forbidden-origin');
    }
  });
});
