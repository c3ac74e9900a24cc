/**
 * A running server's admin API, for the CLI when it cannot open the database itself: a
 * server holds the embedded one, or the operator named a server with --url
 * (docs/decisions/071). It signs in as an admin with the e-mail and password given (read
 * from the environment, never from argv, never printed), makes its calls with that
 * session, and signs out.
 */
import { createWriteStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import * as adminApi from '../../common/api/admin.ts';
import type { Endpoint } from '../../common/api/endpoint.ts';

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface RemoteServer {
  /** Where the server answers. */
  url: URL;
  /** The Origin its same-origin guard accepts: APP_URL's (the CLI is not a browser, so it says which). */
  origin: string;
}

export interface AdminSession {
  call: <Answer>(endpoint: Endpoint<unknown, undefined, Answer>, body?: unknown) => Promise<Answer>;
  /**
   * POSTs to `path` and writes the answer's body to `file` (mode 600). Over node:http rather
   * than fetch: a backup may take longer to make than fetch waits for an answer's headers.
   */
  download: (path: string, file: string) => Promise<void>;
}

export async function withAdminSession<T>(server: RemoteServer, credentials: AdminCredentials, use: (session: AdminSession) => Promise<T>): Promise<T> {
  let cookie = '';
  const headers = (json: boolean) => ({ origin: server.origin, ...(cookie ? { cookie } : {}), ...(json ? { 'content-type': 'application/json' } : {}) });
  const unreachable = (error: unknown) => {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    return new Error(`no server answers at ${server.url.origin}${code ? ` (${code})` : ''}: start it, or give its address with --url`);
  };

  async function call<Answer>(endpoint: Endpoint<unknown, undefined, Answer>, body?: unknown): Promise<Answer> {
    const response = await fetch(new URL(endpoint.path, server.url), {
      method: endpoint.method,
      redirect: 'manual',
      headers: headers(body !== undefined),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw unreachable(error);
    });
    const text = await response.text();
    if (!response.ok) throw new Error(refusal(response.status, text));
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    if (cookies.length > 0) cookie = cookies.join('; ');
    return (text ? JSON.parse(text) : undefined) as Answer;
  }

  async function download(path: string, file: string): Promise<void> {
    const url = new URL(path, server.url);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request(url, { method: 'POST', headers: headers(false) }, resolve)
        .once('error', (error) => reject(unreachable(error)))
        .end();
    });
    if (response.statusCode !== 200) {
      const text = Buffer.concat((await response.toArray()) as Buffer[]).toString('utf8');
      throw new Error(refusal(response.statusCode ?? 0, text));
    }
    await pipeline(response, createWriteStream(file, { mode: 0o600 }));
  }

  await call(adminApi.signIn, credentials);
  try {
    return await use({ call, download });
  } finally {
    // The session was made for this one command: it does not outlive it.
    await call(adminApi.signOut).catch(() => undefined);
  }
}

/** The server's coded answer as one line an operator can act on. */
function refusal(status: number, text: string): string {
  let error: { code?: string; message?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
  } catch {
    error = undefined;
  }
  if (error?.code === 'forbidden') return 'the server refused: ADMIN_EMAIL is not an admin account (`user role <email> admin` makes it one, with the server stopped)';
  return `the server refused (${status}${error?.code ? ` ${error.code}` : ''}): ${error?.message ?? text.slice(0, 200)}`;
}
