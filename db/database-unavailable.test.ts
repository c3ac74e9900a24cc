import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from './database-unavailable.ts';

describe('database unavailable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }, 'ECONNREFUSED'],
    ['a full server (too many clients)', { code: '53300' }, '53300'],
    ['an administrator shutdown', { code: '57P01' }, '57P01'],
    ['a connection exception class code', { code: '08006' }, '08006'],
    ['a cause chain', new Error('query failed', { cause: { code: 'CONNECTION_CLOSED' } }), 'CONNECTION_CLOSED'],
    ['a write to a connection the server closed', new Error('Failed query', { cause: Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }) }), 'EPIPE'],
    ['an AggregateError of connection attempts', new AggregateError([new Error('v6'), Object.assign(new Error('v4'), { code: 'ECONNREFUSED' })]), 'ECONNREFUSED'],
  ])('recognises %s', (_label, error, code) => {
    expect(databaseErrorCode(error)).toBe(code);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
