import { describe, expect, it } from 'vitest';
import { hashPassword, isStrongEnough, verifyPassword } from './password.ts';

describe('password', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterx')).toBe(false);
  });

  it('refuses short, overlong and well-known passwords', () => {
    expect(isStrongEnough('Xq7#kp2')).toBe(false);
    expect(isStrongEnough('x'.repeat(129))).toBe(false);
    expect(isStrongEnough('password1')).toBe(false);
    expect(isStrongEnough('12345678')).toBe(false);
    expect(isStrongEnough('Qwerty123')).toBe(false);
    expect(isStrongEnough('violet-harbour-71')).toBe(true);
  });
});
