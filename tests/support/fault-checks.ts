/**
 * Shared checks of the fault and abuse suite (tests/integration/fault): what
 * every refused request must look like, a health probe, rate limits raised so
 * that generated traffic reaches the code under test, and the one summary line
 * each file prints so its counts can be quoted.
 */
import { expect } from 'vitest';
import { ERROR_CODES } from '../../common/error-codes.ts';
import type { TestServer } from './test-server.ts';

/**
 * Limits high enough that hundreds of generated requests from one address are
 * judged on their input, not refused for their number (the mail window cannot
 * go below 1 second, so a 429 stays possible there and is accepted as a 4xx).
 */
export const HIGH_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_FREE_FAILURES: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
  RATE_LIMIT_SIGNUPS_PER_IP: '100000',
  RATE_LIMIT_MAILS_PER_ADDRESS_WINDOW_SECONDS: '1',
  RATE_LIMIT_MAILS_PER_ADDRESS_PER_DAY: '100000',
  RATE_LIMIT_RESET_ATTEMPTS_PER_IP: '100000',
  RATE_LIMIT_RESET_ATTEMPTS_PER_EMAIL: '100000',
};

export interface AnswerLike {
  status: number;
  headers: Headers;
  text: string;
}

/** A stack frame, an exception name or a database message in an answer would leak internals. */
const LEAK = /\bat .*\.(ts|js|mjs):\d+|\w*Error:|stack|postgres|drizzle|node_modules|syntax error at/i;

/**
 * A refusal as DESIGN.md promises it: a 4xx (never 5xx), JSON of the shape
 * {"error":{"code","message"}} with a code from common/error-codes.ts, and
 * nothing of the server's insides. Returns the code.
 */
export function expectCodedRefusal(answer: AnswerLike, context: string): string {
  expect(answer.status, `${context}\n${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${context}\n${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } };
  expect(ERROR_CODES, context).toContain(body.error?.code);
  expect(typeof body.error?.message, context).toBe('string');
  expect(answer.text, context).not.toMatch(LEAK);
  return body.error!.code as string;
}

/** The server still answers and still reaches its database. */
export async function expectHealthy(server: TestServer): Promise<void> {
  const response = await fetch(new URL('/healthz', server.url));
  expect(response.status).toBe(200);
  await response.body?.cancel();
}

/** One line per file with the counts it proved, e.g. "fault/bad-input: 900 cases generated, ...". */
export function printSummary(concern: string, counts: Record<string, number>): void {
  const parts = Object.entries(counts).map(([name, value]) => `${value} ${name}`);
  console.log(`fault/${concern}: ${parts.join(', ')}`);
}
