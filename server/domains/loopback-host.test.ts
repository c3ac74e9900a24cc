import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.ts';

const hostOf = (url: string) => new URL(url).hostname;

describe('isLoopbackHost', () => {
  it.each(['http://localhost:3000', 'http://LOCALHOST.:3000', 'http://app.localhost', 'http://127.0.0.1:3000', 'http://127.1.2.3', 'http://[::1]:3000', 'http://[::ffff:127.0.0.1]:3000'])('calls %s loopback', (url) => {
    expect(isLoopbackHost(hostOf(url))).toBe(true);
  });

  it.each(['https://creators.example.com', 'http://203.0.113.5:3000', 'http://[2001:db8::1]', 'http://10.0.0.5', 'http://localhost.example.com', 'http://128.0.0.1'])('calls %s reachable from elsewhere', (url) => {
    expect(isLoopbackHost(hostOf(url))).toBe(false);
  });
});
