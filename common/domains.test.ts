import { describe, expect, it } from 'vitest';
import { alternateHostname, normaliseHostname } from './domains.ts';

const PLATFORM = 'creators.example.com';

describe('normaliseHostname', () => {
  it.each([
    ['Fans.Example.com.', 'fans.example.com'],
    ['https://fans.example.com/', 'fans.example.com'],
    ['  example.org ', 'example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('takes %j as %j', (input, stored) => {
    expect(normaliseHostname(input, PLATFORM)).toEqual({ ok: true, hostname: stored });
  });

  it.each([
    ['', 'empty'],
    ['10.0.0.1', 'ip'],
    ['[2001:db8::1]', 'ip'],
    ['2001:db8::1', 'ip'],
    ['example.123', 'ip'],
    ['localhost', 'localhost'],
    ['app.localhost', 'localhost'],
    ['intranet', 'single-label'],
    [PLATFORM, 'platform'],
    [`fans.${PLATFORM}`, 'platform'],
    [`${'a'.repeat(64)}.com`, 'too-long'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too-long'],
    ['fans_club.example.com', 'bad-characters'],
    ['-fans.example.com', 'bad-characters'],
    ['fans..example.com', 'bad-characters'],
    ['fans.example.com/path', 'bad-characters'],
    ['xn--invalid-.example', 'bad-characters'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(normaliseHostname(input, PLATFORM)).toMatchObject({ ok: false, problem });
  });
});

describe('alternateHostname', () => {
  it('pairs www. and the apex both ways', () => {
    expect(alternateHostname('example.com')).toBe('www.example.com');
    expect(alternateHostname('www.example.com')).toBe('example.com');
  });
});
