import { describe, expect, it } from 'vitest';
import { AddressRefused } from './address-refused.ts';
import { checkedUrl } from './checked-url.ts';

function refusalOf(raw: string, allowPrivate: boolean, base?: URL) {
  try {
    checkedUrl(raw, allowPrivate, base);
  } catch (error) {
    if (error instanceof AddressRefused) return { reason: error.reason, message: error.message };
    throw error;
  }
  return undefined;
}

describe('checkedUrl', () => {
  it('takes http and https on any port, and resolves a redirect against the address it came from', () => {
    expect(checkedUrl('https://cdn.example.com/a.png', false).href).toBe('https://cdn.example.com/a.png');
    expect(checkedUrl('http://example.com:8081/a.png', false).port).toBe('8081');
    expect(checkedUrl('/b.png', false, new URL('https://cdn.example.com/x/a.png')).href).toBe('https://cdn.example.com/b.png');
  });

  it.each(['ftp://example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'not a url', '', `https://example.com/${'a'.repeat(5000)}`])(
    'refuses %s as not a web address',
    (raw) => {
      expect(refusalOf(raw, true)).toEqual({ reason: 'invalid-url', message: 'It is not a web address (http or https).' });
    },
  );

  it('refuses a user name or password in the address', () => {
    expect(refusalOf('https://user:secret@example.com/a.png', true)).toEqual({ reason: 'invalid-url', message: 'The address holds a user name or password.' });
    expect(refusalOf('https://user@example.com/a.png', true)?.reason).toBe('invalid-url');
  });

  it.each(['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/', 'http://[fe80::1]/', 'http://0.0.0.0:8080/', 'http://224.0.0.1/', 'http://[::]/', 'http://2852039166/'])(
    'refuses %s even when private addresses are allowed',
    (raw) => {
      expect(refusalOf(raw, true)).toEqual({ reason: 'private-address', message: 'The address points to a private network.' });
    },
  );

  it.each(['http://127.0.0.1:3000/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://10.1.2.3/', 'http://192.168.0.1/', 'http://100.64.0.1/', 'http://[fd00::1]/', 'http://2130706433/', 'http://0x7f.1/'])(
    'refuses %s unless private addresses are allowed',
    (raw) => {
      expect(refusalOf(raw, false)?.reason).toBe('private-address');
      expect(refusalOf(raw, true)).toBeUndefined();
    },
  );

  it('leaves a name to the lookup, which checks what it resolves to', () => {
    expect(refusalOf('http://localhost:3000/', false)).toBeUndefined();
  });
});
