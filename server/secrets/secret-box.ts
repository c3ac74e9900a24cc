/**
 * Seals secrets the server keeps for later use (a creator's Stripe key and its
 * webhook signing secret; later API and two-step secrets) so a copy of the
 * database alone does not give them away (docs/decisions/143). AES-256-GCM
 * from Node's crypto: a key derived from APP_SECRET by HKDF, a random 96-bit
 * nonce per seal, and the row the value belongs to as additional data, so a
 * sealed value copied into another row does not open there. The `v1.` prefix
 * names the scheme, so a later one can sit beside it while old values are read.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** `context` names where the value lives (say `payment_accounts.secret_key:<site id>`); the same context opens it. */
  seal(plaintext: string, context: string): string;
  /** Throws when the value was sealed under another APP_SECRET or context, or was changed. */
  open(sealed: string, context: string): string;
  /** A key of its own for each `purpose` (say `export downloads`), derived from APP_SECRET: for HMAC signatures of links. */
  signingKey(purpose: string): Buffer;
}

export class SealedSecretError extends Error {
  override name = 'SealedSecretError';
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'creator-platform', `sealed secrets ${VERSION}`, 32));
  return {
    signingKey: (purpose) => Buffer.from(hkdfSync('sha256', appSecret, 'creator-platform', `signing ${purpose}`, 32)),
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, encoded] = sealed.split('.');
      if (version !== VERSION || !encoded) throw new SealedSecretError(`a sealed secret of an unknown scheme (${version ?? 'none'})`);
      const bytes = Buffer.from(encoded, 'base64url');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealedSecretError('a sealed secret too short to be one');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedSecretError('a sealed secret that does not open with this APP_SECRET (another instance\'s, or changed)');
      }
    },
  };
}
