import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function captureLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logger', () => {
  it('redacts passwords, tokens and the cookie header', () => {
    const { lines, logger } = captureLines();
    logger.info({ body: { password: 'hunter2-secret', token: 'abc123token' }, req: { headers: { cookie: 'session=s3cr3t' } } }, 'request');
    expect(lines.join('')).not.toMatch(/hunter2-secret|abc123token|s3cr3t/);
    expect(lines.join('')).toContain('[redacted]');
  });

  it('drops the query parameters drizzle appends to a database error', () => {
    const { lines, logger } = captureLines();
    const failure = Object.assign(new Error('Failed query: insert into users\nparams: a@b.c,$argon2id$v=19$secret-hash'), {
      params: ['$argon2id$v=19$secret-hash'],
      query: 'insert into users',
    });
    logger.error({ err: failure }, 'unhandled error');
    const line = lines.join('');
    expect(line).toContain('Failed query: insert into users');
    expect(line).not.toContain('secret-hash');
  });
});
