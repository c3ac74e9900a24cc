/**
 * Password hashing with argon2id at OWASP's parameters, and the strength rules
 * of SPEC.md section 5 plus a refusal of well-known passwords.
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/constants.ts';

/** algorithm 2 is Argon2id (the package's const enum cannot be imported under isolated modules). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

/** Hashed once at start-up; verifying against it makes an unknown e-mail cost what a known one does. */
const dummyHash = hashPassword('unknown-account-dummy-password');

export async function verifyDummyPassword(password: string): Promise<void> {
  await verifyPassword(await dummyHash, password);
}

export function isStrongEnough(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    !commonPasswords.has(password.toLowerCase())
  );
}
