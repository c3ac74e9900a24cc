/**
 * Graceful shutdown of the real server process (issue 4): on SIGTERM or
 * SIGINT it stops accepting, lets the request in flight finish, lets the
 * mail worker deliver the mail in hand, closes the database, and exits 0
 * (its own 10-second deadline would exit 1, so a 0 also means "in time").
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { signupBody } from '../support/accounts.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;
let smtp: SmtpSink;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.connect();
  smtp = await startSmtpSink();
});
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});
afterAll(async () => {
  await handle?.close();
  await smtp?.stop();
  await database?.drop();
});

async function startServer(): Promise<ServerProcess> {
  const server = await spawnServerProcess({ databaseUrl: database.url!, smtpUrl: smtp.url });
  servers.push(server);
  await server.ready();
  return server;
}

/**
 * A POST whose headers the server has certainly parsed (it answered
 * `100 Continue`) and whose body is still to come: a request in flight.
 */
async function startRequestInFlight(url: string, path: string, body: string): Promise<{ finish(): Promise<{ status: number; body: string; connection: string | undefined }>; abandon(): void }> {
  const target = new URL(path, url);
  const client: ClientRequest = request(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: new URL(url).origin, expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    client.once('error', reject);
    client.once('response', (message: IncomingMessage) => {
      let text = '';
      message.on('data', (chunk: Buffer) => (text += chunk.toString()));
      message.once('end', () => resolve({ status: message.statusCode ?? 0, body: text, connection: message.headers.connection }));
    });
  });
  response.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    client.once('continue', () => resolve());
    client.once('error', reject);
    client.flushHeaders();
  });
  client.write(body.slice(0, 10));
  return {
    async finish() {
      client.end(body.slice(10));
      return response;
    },
    abandon() {
      client.destroy();
    },
  };
}

describe('SIGTERM with a request in flight', () => {
  it('refuses new connections, completes the request and its mail, then exits 0', async () => {
    const server = await startServer();
    const signup = signupBody();
    const email = String(signup.email).toLowerCase();
    const inFlight = await startRequestInFlight(server.url, '/api/auth/signup', JSON.stringify(signup));

    server.child.kill('SIGTERM');
    await server.waitForLog((line) => line.msg === 'shutting down', 'the shutdown line');
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    const answered = await inFlight.finish();
    expect(answered.status, answered.body).toBe(201);
    expect(JSON.parse(answered.body)).toMatchObject({ user: { email } });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The connection was closed with the answer, not kept idle until the keep-alive timeout.
    expect(answered.connection).toBe('close');

    // The work of the request was committed, and the worker delivered its mail before the process ended.
    expect(await handle.db.$count(users, eq(users.email, email))).toBe(1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(await handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(1);
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(server.logs.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
    expect(server.output).toEqual([]);
  });
});

describe('SIGINT', () => {
  it('stops an idle server the same way, with exit 0', async () => {
    const server = await startServer();
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.logs.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGINT' });
  });
});

describe('a request that never completes', () => {
  it('does not keep the server alive past the 10-second deadline: it exits 1 and says why', async () => {
    const server = await startServer();
    const stuck = await startRequestInFlight(server.url, '/api/auth/login', JSON.stringify({ email: 'stuck@example.com', password: 'never-finished-1' }));
    try {
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.logs.some((line) => line.msg === 'shutdown deadline passed, exiting')).toBe(true);
    } finally {
      stuck.abandon();
    }
  });
});
