/**
 * A verified creator with a site, ready to write posts, and the JSON calls
 * the shared test client lacks (PATCH, DELETE). The site row is written
 * directly: onboarding, which makes it in the product, is tested on its own.
 */
import { sites } from '../../db/content-schema.ts';
import type { PublicUser } from '../../common/api-types.ts';
import { signUpVerified } from './accounts.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import type { TestServer } from './test-server.ts';

let counter = 0;

export interface Creator {
  client: TestClient;
  email: string;
  userId: string;
  siteId: string;
  handle: string;
  patch<Body = unknown>(path: string, body: unknown): Promise<TestResponse<Body>>;
  delete<Body = unknown>(path: string): Promise<TestResponse<Body>>;
}

export async function sendJson<Body>(server: TestServer, client: TestClient, method: string, path: string, body?: unknown): Promise<TestResponse<Body>> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { cookie, origin: new URL(server.url).origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed: unknown = response.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: parsed as Body, text };
}

/** Signs up, verifies and gives the creator a site, published (visitors can read its live posts). */
export async function creatorWithSite(server: TestServer, handle = `creator-${process.pid}-${++counter}`): Promise<Creator> {
  const { client, email } = await signUpVerified(server);
  const me = await client.get<{ user: PublicUser }>('/api/auth/me');
  const userId = me.body.user.uid;
  const [site] = await server.handle.db.insert(sites).values({ ownerId: userId, handle, title: `The ${handle} site`, publishedAt: new Date() }).returning();
  return {
    client,
    email,
    userId,
    siteId: site!.id,
    handle,
    patch: (path, body) => sendJson(server, client, 'PATCH', path, body),
    delete: (path) => sendJson(server, client, 'DELETE', path),
  };
}

/** A page form posted as the signed-in client's browser would: its cookies, the server's origin, no redirect followed. */
export function postForm(server: TestServer, client: TestClient, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(new URL(path, server.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}
