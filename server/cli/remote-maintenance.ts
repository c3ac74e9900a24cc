/**
 * The maintenance switch through a running server's admin API, for when the
 * CLI cannot open the database itself: a server holds the embedded one, or the
 * operator named a server with --url (docs/decisions/071). It signs in as an
 * admin with the e-mail and password given (read from the environment, never
 * from argv, never printed), makes its calls with that session, and signs out.
 */
import * as adminApi from '../../common/api/admin.ts';
import type { Endpoint } from '../../common/api/endpoint.ts';
import type { MaintenanceSwitch } from './commands.ts';

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

export async function withRemoteMaintenance<T>(server: RemoteServer, credentials: AdminCredentials, use: (maintenance: MaintenanceSwitch) => Promise<T>): Promise<T> {
  let cookie = '';
  async function call<Answer>(endpoint: Endpoint<unknown, undefined, Answer>, body?: unknown): Promise<Answer> {
    const response = await fetch(new URL(endpoint.path, server.url), {
      method: endpoint.method,
      redirect: 'manual',
      headers: { origin: server.origin, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(`no server answers at ${server.url.origin}${code ? ` (${code})` : ''}: start it, or give its address with --url`);
    });
    const text = await response.text();
    if (!response.ok) throw new Error(refusal(response.status, text));
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    if (cookies.length > 0) cookie = cookies.join('; ');
    return (text ? JSON.parse(text) : undefined) as Answer;
  }

  await call(adminApi.signIn, credentials);
  try {
    return await use({
      isOn: async () => (await call(adminApi.maintenance)).maintenance,
      set: async (on) => {
        await call(adminApi.setMaintenance, { maintenance: on });
      },
    });
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
