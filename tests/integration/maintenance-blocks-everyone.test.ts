/**
 * SPEC.md section 6, "Maintenance mode blocks everyone", on the server (issue 8,
 * item 3): while it is on, every /api call but the config calls and the
 * webhooks answers 503 `maintenance` with Retry-After, and the HTML shell
 * answers 503; health checks and static assets are still served.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_STATE_ELEMENT_ID } from '../../common/api-types.ts';
import { MAINTENANCE_REFRESH_SECONDS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { sessions, settings, users } from '../../db/schema.ts';
import { signUp, signupBody, STRONG_PASSWORD } from '../support/accounts.ts';
import { createTestClient, type TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Creator Platform</title></head><body><div id="root"></div></body></html>';

let clientDir: string;
let server: TestServer;
let account: Awaited<ReturnType<typeof signUp>>;

async function switchMaintenance(on: boolean) {
  await server.handle.db.update(settings).set({ maintenance: on }).where(eq(settings.id, true));
  // How the switch reaches every server is maintenance.test.ts's concern; here the server reads it at once.
  await server.services.maintenance.refresh();
  expect(server.services.maintenance.isOn()).toBe(on);
}

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'creator-client-'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>');
  server = await startTestServer({ clientDir });
  account = await signUp(server);
});
afterAll(async () => {
  await server?.stop();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

/** Every route of the API (DESIGN.md "HTTP API"), called as the client would, plus an unknown path. */
const API_CALLS: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['POST', '/api/auth/signup', signupBody()],
  ['POST', '/api/auth/login', { email: 'someone@example.com', password: STRONG_PASSWORD }],
  ['POST', '/api/auth/logout', {}],
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/verification-email', {}],
  ['GET', '/api/auth/verify-email?token=abc'],
  ['POST', '/api/auth/password-reset', { email: 'someone@example.com' }],
  ['POST', '/api/auth/password-reset/confirm', { token: 'abc', password: STRONG_PASSWORD }],
  ['GET', '/api/auth/google'],
  ['GET', '/api/auth/google/callback?code=abc&state=def'],
  ['GET', '/api/no-such-route'],
];

function call(client: TestClient, [method, path, body]: (typeof API_CALLS)[number]): Promise<TestResponse> {
  return method === 'GET' ? client.get(path) : client.post(path, body);
}

function expectMaintenanceAnswer(response: TestResponse, context: string) {
  expect(response.status, context).toBe(503);
  expect(response.body, context).toEqual({ error: { code: 'maintenance', message: SERVER_MESSAGES.maintenance } });
  expect(response.headers.get('retry-after'), context).toBe(String(MAINTENANCE_REFRESH_SECONDS));
}

describe('while maintenance is on', () => {
  beforeAll(() => switchMaintenance(true));
  afterAll(() => switchMaintenance(false));

  it('every /api call answers 503 `maintenance` with Retry-After, signed in or not, and touches no account', async () => {
    const [before] = await server.handle.db.select().from(users).where(eq(users.email, account.email));
    const sessionsBefore = await server.handle.db.$count(sessions);
    const usersBefore = await server.handle.db.$count(users);
    for (const apiCall of API_CALLS) {
      expectMaintenanceAnswer(await call(createTestClient(server.url), apiCall), `signed out: ${apiCall[0]} ${apiCall[1]}`);
      const signedIn = await call(account.client, apiCall);
      expectMaintenanceAnswer(signedIn, `signed in: ${apiCall[0]} ${apiCall[1]}`);
      expect(signedIn.headers.getSetCookie(), apiCall[1]).toEqual([]);
    }
    expect(await server.handle.db.$count(users)).toBe(usersBefore);
    expect(await server.handle.db.$count(sessions)).toBe(sessionsBefore);
    const [after] = await server.handle.db.select().from(users).where(eq(users.email, account.email));
    expect(after).toEqual(before);
  });

  it('a link the browser opens itself (a mailed link, the way back from Google) lands on the maintenance screen, not on JSON', async () => {
    const navigation = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const link of ['/api/auth/verify-email?token=abc', '/api/auth/google/callback?code=abc&state=def']) {
      const visit = await account.client.get(link, navigation);
      expect(visit.status, link).toBe(303);
      expect(visit.headers.get('location'), link).toBe('/');
      const page = await account.client.get('/', navigation);
      expect(page.status, link).toBe(503);
      expect(page.headers.get('content-type'), link).toMatch(/^text\/html/);
    }
  });

  it('the config calls still answer, so a client can learn that maintenance is on', async () => {
    const client = createTestClient(server.url);
    const maintenance = await client.get('/api/config/maintenance');
    expect(maintenance.status).toBe(200);
    expect(maintenance.body).toEqual({ maintenance: true });
    const config = await client.get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ supportEmail: 'support@creator.test' });
  });

  it('the health check and the webhooks are not blocked: webhooks pass the gate (404 here, as no webhook route exists yet)', async () => {
    const client = createTestClient(server.url);
    expect((await client.get('/healthz')).status).toBe(200);
    for (const webhook of ['/api/webhooks/stripe', '/api/webhooks/stripe-connect']) {
      const answer = await client.post(webhook, { id: 'evt_1' });
      expect(answer.status, webhook).toBe(404);
      expect(answer.body, webhook).toMatchObject({ error: { code: 'not-found' } });
    }
  });

  it('a path that only starts like an open one is still blocked', async () => {
    expectMaintenanceAnswer(await createTestClient(server.url).get('/api/configuration'), '/api/configuration');
    expectMaintenanceAnswer(await createTestClient(server.url).post('/api/webhooks-evil', {}), '/api/webhooks-evil');
  });

  it('the HTML shell answers 503 with Retry-After and a boot state that shows the maintenance screen', async () => {
    for (const page of ['/', '/login', '/onboarding']) {
      const response = await account.client.get(page);
      expect(response.status, page).toBe(503);
      expect(response.headers.get('retry-after'), page).toBe(String(MAINTENANCE_REFRESH_SECONDS));
      expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
      const json = response.text.match(new RegExp(`id="${BOOT_STATE_ELEMENT_ID}">([^<]*)</script>`))?.[1];
      expect(JSON.parse(json!), page).toMatchObject({ maintenance: true, user: null });
    }
  });

  it('static files are still served', async () => {
    const response = await createTestClient(server.url).get('/favicon.svg');
    expect(response.status).toBe(200);
  });
});

describe('once maintenance is off again', () => {
  it('the API and the shell answer as before, and the session survived', async () => {
    const me = await account.client.get<{ user: { email: string } | null }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user?.email).toBe(account.email);
    const shell = await account.client.get('/login');
    expect(shell.status).toBe(200);
    expect(shell.headers.has('retry-after')).toBe(false);
  });
});
