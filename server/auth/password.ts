/**
 * Password hashing with argon2id at OWASP's parameters, and the strength rules
 * of SPEC.md section 5 plus a refusal of well-known passwords.
 *
 * Hashing runs on a pool of worker threads at a lowered OS priority: a burst of
 * logins then uses every idle cycle without delaying the page loads and API
 * calls the event loop answers (docs/decisions/014-password-hashing-at-low-priority.md).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/constants.ts';

/** algorithm 2 is Argon2id (the package's const enum cannot be imported under isolated modules). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** How far below the event loop the hashing threads run: nice 10 gets about a tenth of its CPU share when both want it. */
const HASHING_NICE_INCREMENT = 10;

const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export function isStrongEnough(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    !commonPasswords.has(password.toLowerCase())
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** The same work as verifying a real account, so an unknown e-mail takes as long as a known one. */
  verifyDummy(password: string): Promise<void>;
  close(): Promise<void>;
}

export function createPasswordHasher({ threads = availableParallelism() }: { threads?: number } = {}): PasswordHasher {
  const pool = new Piscina({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    niceIncrement: HASHING_NICE_INCREMENT,
  });
  const hash = (password: string): Promise<string> => pool.run({ kind: 'hash', password, options: ARGON2_OPTIONS });
  const verify = (passwordHash: string, password: string): Promise<boolean> => pool.run({ kind: 'verify', hash: passwordHash, password });
  // Made at start-up: made on first use, it would make that one unknown e-mail slower than a known one.
  const dummyHash = hash('unknown-account-dummy-password');
  dummyHash.catch(() => undefined);

  return {
    hash,
    verify,
    async verifyDummy(password) {
      await verify(await dummyHash, password);
    },
    // Called after the last request has been answered, so only the start-up dummy hash can be left:
    // waiting for it at low priority on a busy machine held shutdown for seconds.
    close: () => pool.destroy(),
  };
}
