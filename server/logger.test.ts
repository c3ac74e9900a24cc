import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, readableLogStream } from './logger.ts';

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
  it('writes one readable line an event in the text format, secrets redacted there too', () => {
    const written: string[] = [];
    const terminal = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString());
        callback();
      },
    });
    const logger = createLogger('info', readableLogStream(terminal));
    logger.info({ to: 'fan@example.com', link: 'http://localhost:3000/verify', token: 'abc123token' }, 'mail to fan@example.com: Confirm');
    logger.debug('not worth reading');
    const output = written.join('');
    expect(output.trimEnd().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: mail to fan@example\.com: Confirm \{.*"link":"http:\/\/localhost:3000\/verify"/);
    expect(output).not.toContain('abc123token');
    expect(output).not.toMatch(/"pid"|"hostname"/);
  });

  it('redacts passwords, tokens and the cookie header', () => {
    const { lines, logger } = captureLines();
    logger.info({ body: { password: 'hunter2-secret', token: 'abc123token' }, req: { headers: { cookie: 'session=s3cr3t' } } }, 'request');
    expect(lines.join('')).not.toMatch(/hunter2-secret|abc123token|s3cr3t/);
    expect(lines.join('')).toContain('[redacted]');
  });

  it('redacts secrets at any depth, in arrays too, and keeps the fields around them', () => {
    const { lines, logger } = captureLines();
    logger.info(
      {
        request: { body: { user: { password: 'deep-password-1', profile: { nested: { token: 'deep-token-2' } } } } },
        attempts: [{ credentials: { new_password: 'array-password-3', sessionToken: 'array-token-4' } }],
        res: { headers: { 'set-cookie': 'session=deep-cookie-5' } },
        google: { tokens: { client_secret: 'deep-secret-6', id_token: 'deep-id-7' } },
        stripe: { secretKey: 'sk_test_deep-8', webhook_secret: 'whsec_deep-9', signingSecret: 'whsec_deep-10', APP_SECRET: 'deep-app-11' },
        emailTokens: 3,
        email: 'kept@example.com',
      },
      'nested',
    );
    const line = lines.join('');
    expect(line).not.toMatch(/deep-password-1|deep-token-2|array-password-3|array-token-4|deep-cookie-5|deep-secret-6|deep-id-7|deep-8|deep-9|deep-10|deep-app-11/);
    const logged = JSON.parse(line) as { request: { body: { user: { profile: { nested: { token: string } } } } }; emailTokens: number; email: string };
    expect(logged.request.body.user.profile.nested.token).toBe('[redacted]');
    expect(logged.emailTokens).toBe(3);
    expect(logged.email).toBe('kept@example.com');
  });

  it('copes with an object that refers to itself', () => {
    const { lines, logger } = captureLines();
    const looped: Record<string, unknown> = { token: 'looped-token' };
    looped.self = looped;
    logger.info({ looped }, 'loop');
    expect(lines.join('')).not.toContain('looped-token');
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
