/**
 * What operators and their tools read: the image's HEALTHCHECK against the
 * real /healthz, and the JSON request log (one line per request, each with
 * the request id the client was given, at the level LOG_LEVEL allows).
 * /healthz's 503 while Postgres is down is in database-outage.test.ts;
 * secrets staying out of the logs in security.test.ts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthcheckArgv, parseDockerfile } from '../../scripts/dockerfile.ts';
import { signupBody } from '../support/accounts.ts';
import { createTestClient, type TestResponse } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RequestLine {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
}

const servers: TestServer[] = [];
let primary: TestServer;
beforeAll(async () => {
  primary = await startTestServer();
  servers.push(primary);
});
afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
});

async function loggedServer(level: string): Promise<{ server: TestServer; lines: RequestLine[] }> {
  const lines: RequestLine[] = [];
  const server = await startTestServer({ shareWith: primary, env: { LOG_LEVEL: level }, logStream: { write: (line: string) => void lines.push(JSON.parse(line) as RequestLine) } });
  servers.push(server);
  return { server, lines };
}

/** A little of everything a browser sends: reads, a sign-up, an unknown path, a forged and a malformed post. */
async function browse(server: TestServer): Promise<TestResponse[]> {
  const client = createTestClient(server.url);
  return [
    await client.get('/api/auth/me'),
    await client.get('/api/config'),
    await client.post('/api/auth/signup', signupBody()),
    await client.get('/api/no-such-thing'),
    await client.post('/api/auth/login', { email: 'a@example.com', password: 'whatever-1' }, { origin: 'https://evil.example' }),
    await client.post('/api/auth/login', '{"email":'),
  ];
}

describe("the image's HEALTHCHECK command", () => {
  const runtime = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).at(-1)!;
  const [command, ...args] = healthcheckArgv(runtime.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK')!);
  /** Its exit code; run asynchronously, since the server it asks lives in this process. */
  const check = (port: string) =>
    new Promise<number | null>((resolve, reject) => {
      const child = spawn(command!, args, { env: { PATH: process.env.PATH, PORT: port }, stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => resolve(code));
    });

  it('exits 0 against a server whose database answers', async () => {
    expect(await check(new URL(primary.url).port)).toBe(0);
  });

  it('exits 1 when nothing answers on the port', async () => {
    const stopped = await startTestServer({ shareWith: primary });
    const { port } = new URL(stopped.url);
    await stopped.stop();
    expect(await check(port)).toBe(1);
  });
});

describe('request logs', () => {
  it('at debug, write one JSON line per request, each with the id sent back in X-Request-Id, the method, the path and the status', async () => {
    const { server, lines } = await loggedServer('debug');
    const responses = await browse(server);
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(responses.length);
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requestLines.map((line) => line.req!.id)).toEqual(ids);
    expect(requestLines.map((line) => `${line.req!.method} ${line.req!.url} ${line.res!.statusCode}`)).toEqual([
      'GET /api/auth/me 200',
      'GET /api/config 200',
      'POST /api/auth/signup 201',
      'GET /api/no-such-thing 404',
      'POST /api/auth/login 403',
      'POST /api/auth/login 400',
    ]);
    // Every other line written during those requests came from inside one of them, and names it too.
    for (const line of lines.filter((candidate) => candidate.msg !== 'request completed' && candidate.req)) expect(ids).toContain(line.req!.id);
  });

  it('follow LOG_LEVEL: at info and warn, ordinary requests write no line (a page is not an event worth reading); at silent, nothing at all', async () => {
    const info = await loggedServer('info');
    const responses = await browse(info.server);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 201, 404, 403, 400]);
    expect(info.lines.filter((line) => line.msg === 'request completed')).toEqual([]);

    const warn = await loggedServer('warn');
    await browse(warn.server);
    expect(warn.lines.filter((line) => line.level < 40)).toEqual([]);
    expect(warn.lines.filter((line) => line.msg === 'request completed')).toEqual([]);

    const silent = await loggedServer('silent');
    await browse(silent.server);
    expect(silent.lines).toEqual([]);
  });
});
