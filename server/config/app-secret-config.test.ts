/** APP_SECRET (DESIGN.md "The creator's first hour"): optional, and when set at least 32 random bytes written out; a short one stops start-up in one line. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.ts';

describe('APP_SECRET', () => {
  it('is unset when absent or empty: the server makes one in DATA_DIR', () => {
    expect(loadConfig({}).appSecret).toBeUndefined();
    expect(loadConfig({ APP_SECRET: '' }).appSecret).toBeUndefined();
  });

  it('takes 32 random bytes in base64, and refuses a password-sized one naming the variable and how to make one', () => {
    const secret = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ APP_SECRET: secret }).appSecret).toBe(secret);
    expect(() => loadConfig({ APP_SECRET: 'hunter2-but-longer' })).toThrow(/APP_SECRET.*openssl rand -base64 32.*\(got 18 characters\)$/);
    // Start-up lines reach logs: a secret's value is never in them.
    expect(() => loadConfig({ APP_SECRET: 'hunter2-but-longer' })).not.toThrow(/hunter2/);
  });
});
