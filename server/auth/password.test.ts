import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, isStrongEnough } from './password.ts';

const hasher = createPasswordHasher({ threads: 2 });
afterAll(() => hasher.close());

/** The nice value of every thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: count fields after its closing parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse batterx')).toBe(false);
  });

  it('verifies a dummy hash for unknown accounts without accepting anything', async () => {
    await expect(hasher.verifyDummy('violet-harbour-71')).resolves.toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('hashes on threads running 10 nice levels below the event loop', async () => {
    await Promise.all([hasher.hash('one password here'), hasher.hash('another password')]);
    const [main] = threadNiceValues();
    expect(threadNiceValues().filter((nice) => nice === main! + 10)).toHaveLength(2);
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
