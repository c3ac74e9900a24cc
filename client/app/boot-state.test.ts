import { describe, expect, it } from 'vitest';
import { parseBootState } from './boot-state.ts';

const config = { supportEmail: 'support@example.com', googleSignIn: true, footerLinks: { help: 'https://help.example.com/' } };
const user = { uid: 'abcdefghijklmnopqrstuv', email: 'ada@example.com', emailVerified: true, displayName: 'Ada' };

describe('parseBootState', () => {
  it('reads what the server writes', () => {
    expect(parseBootState(JSON.stringify({ maintenance: false, user, config }))).toEqual({ maintenance: false, user, config });
    expect(parseBootState(JSON.stringify({ maintenance: true, user: null, config }))).toEqual({ maintenance: true, user: null, config });
  });

  it('ignores a missing or unreadable block', () => {
    expect(parseBootState(undefined)).toBeUndefined();
    expect(parseBootState('')).toBeUndefined();
    expect(parseBootState('{not json')).toBeUndefined();
  });

  it('ignores a block of the wrong shape', () => {
    expect(parseBootState(JSON.stringify({ maintenance: 'no', user: null, config }))).toBeUndefined();
    expect(parseBootState(JSON.stringify({ maintenance: false, user: { uid: 1 }, config }))).toBeUndefined();
    expect(parseBootState(JSON.stringify({ maintenance: false, user: null }))).toBeUndefined();
    expect(parseBootState(JSON.stringify({ maintenance: false, user: null, config: { ...config, footerLinks: { help: 1 } } }))).toBeUndefined();
    expect(parseBootState(JSON.stringify([1, 2]))).toBeUndefined();
  });
});
