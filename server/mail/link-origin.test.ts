import { describe, expect, it } from 'vitest';
import { mailLinkBase } from './link-origin.ts';

const loopback = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
const defaultUrl = new URL('http://localhost:3000');

describe('mailLinkBase', () => {
  it('takes the loopback origin the request used when APP_URL is unset', () => {
    expect(mailLinkBase('http://127.0.0.1:3000', loopback, defaultUrl).origin).toBe('http://127.0.0.1:3000');
    expect(mailLinkBase('http://[::1]:3000', loopback, defaultUrl).origin).toBe('http://[::1]:3000');
  });

  it('falls back to APP_URL for no origin, another port, another scheme or any other name', () => {
    for (const requested of [undefined, 'http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://attacker.example', 'http://attacker.example:3000', '']) {
      expect(mailLinkBase(requested, loopback, defaultUrl), String(requested)).toBe(defaultUrl);
    }
  });

  it('with APP_URL set, is always APP_URL, path and all', () => {
    const appUrl = new URL('https://creators.example/app/');
    for (const requested of [undefined, 'https://creators.example', 'http://127.0.0.1:3000', 'http://localhost:3000']) {
      expect(mailLinkBase(requested, [appUrl.origin], appUrl), String(requested)).toBe(appUrl);
    }
  });
});
