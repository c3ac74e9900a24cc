/** Ready-made accounts for tests: the sign-up a user would send, and a verified, signed-in one. */
import { expect } from 'vitest';
import { createTestClient, type TestClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

let counter = 0;

export function uniqueEmail(label = 'creator'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

export const STRONG_PASSWORD = 'violet-harbour-71';

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ada Lovelace',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    niche: 'music',
    agreeToTerms: true,
    ...overrides,
  };
}

export async function signUp(server: TestServer, overrides: Record<string, unknown> = {}) {
  const client = createTestClient(server.url);
  const body = signupBody(overrides);
  const response = await client.post('/api/auth/signup', body);
  expect(response.status).toBe(201);
  return { client, email: String(body.email).toLowerCase(), password: String(body.password) };
}

/** Signs up and follows the verification link from the mail, as a user would. */
export async function signUpVerified(server: TestServer, overrides: Record<string, unknown> = {}): Promise<{ client: TestClient; email: string; password: string }> {
  const account = await signUp(server, overrides);
  const [mail] = await server.smtp.waitForMail(account.email);
  const followed = await account.client.visit(mail!.links[0]!);
  expect(followed.headers.get('location')).toBe('/onboarding');
  return account;
}
