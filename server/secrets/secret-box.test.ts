/** Sealing at rest (docs/decisions/143): what seals opens only with the same APP_SECRET and the same context, and any change is caught. */
import { describe, expect, it } from 'vitest';
import { createSecretBox, SealedSecretError } from './secret-box.ts';

const SECRET = 'a'.repeat(43);

describe('the secret box', () => {
  it('seals to a versioned value that holds nothing of the plaintext, different each time, and opens it again', () => {
    const box = createSecretBox(SECRET);
    const first = box.seal('sk_test_verysecretvalue', 'payment_accounts.secret_key:site-1');
    const second = box.seal('sk_test_verysecretvalue', 'payment_accounts.secret_key:site-1');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain('verysecret');
    expect(first).not.toBe(second);
    expect(box.open(first, 'payment_accounts.secret_key:site-1')).toBe('sk_test_verysecretvalue');
  });

  it('refuses another context (a value copied into another row), another APP_SECRET, a changed value and an unknown scheme', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('whsec_123', 'payment_accounts.webhook_secret:site-1');
    expect(() => box.open(sealed, 'payment_accounts.webhook_secret:site-2')).toThrow(SealedSecretError);
    expect(() => createSecretBox('b'.repeat(43)).open(sealed, 'payment_accounts.webhook_secret:site-1')).toThrow(SealedSecretError);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[14] = bytes[14]! ^ 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'payment_accounts.webhook_secret:site-1')).toThrow(SealedSecretError);
    expect(() => box.open(`v2.${sealed.slice(3)}`, 'payment_accounts.webhook_secret:site-1')).toThrow(/unknown scheme/);
    expect(() => box.open('v1.AAAA', 'payment_accounts.webhook_secret:site-1')).toThrow(/too short/);
  });

  it('derives a signing key of its own for each purpose and APP_SECRET, the same each time', () => {
    const box = createSecretBox(SECRET);
    expect(box.signingKey('export downloads')).toEqual(createSecretBox(SECRET).signingKey('export downloads'));
    expect(box.signingKey('export downloads')).not.toEqual(box.signingKey('other links'));
    expect(box.signingKey('export downloads')).not.toEqual(createSecretBox('b'.repeat(43)).signingKey('export downloads'));
  });
});
