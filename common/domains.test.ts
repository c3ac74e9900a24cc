import { describe, expect, it } from 'vitest';
import { alternateHostname, namesSharingTwins, normaliseHostname, twinsOverlap } from './domains.ts';

const PLATFORM = 'creators.example.com';
const TARGET = 'www.edge.example.net';
const RESERVED = [PLATFORM, TARGET];

describe('normaliseHostname', () => {
  it.each([
    ['Fans.Example.com.', 'fans.example.com'],
    ['https://fans.example.com/', 'fans.example.com'],
    ['  example.org ', 'example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('takes %j as %j', (input, stored) => {
    expect(normaliseHostname(input, RESERVED)).toEqual({ ok: true, hostname: stored });
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
    [`www.${PLATFORM}`, 'platform'],
    [TARGET, 'platform'],
    ['edge.example.net', 'platform'],
    [`cdn.${TARGET}`, 'platform'],
    [`${'a'.repeat(64)}.com`, 'too-long'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too-long'],
    ['fans_club.example.com', 'bad-characters'],
    ['-fans.example.com', 'bad-characters'],
    ['fans..example.com', 'bad-characters'],
    ['fans.example.com/path', 'bad-characters'],
    ['xn--invalid-.example', 'bad-characters'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(normaliseHostname(input, RESERVED)).toMatchObject({ ok: false, problem });
  });
});

describe('alternateHostname', () => {
  it('pairs www. and the apex both ways', () => {
    expect(alternateHostname('example.com')).toBe('www.example.com');
    expect(alternateHostname('www.example.com')).toBe('example.com');
  });
});

describe('twins', () => {
  it('says when two domains would answer a common name', () => {
    expect(twinsOverlap('example.com', 'example.com')).toBe(true);
    expect(twinsOverlap('example.com', 'www.example.com')).toBe(true);
    expect(twinsOverlap('www.www.example.com', 'example.com')).toBe(true);
    expect(twinsOverlap('fans.example.com', 'example.com')).toBe(false);
    expect(twinsOverlap('www.fans.example.com', 'www.example.com')).toBe(false);
  });

  it('names every hostname whose domain shares a name with this one, and no other', () => {
    expect(namesSharingTwins('example.com').sort()).toEqual(['example.com', 'www.example.com', 'www.www.example.com']);
    expect(namesSharingTwins('www.example.com').sort()).toEqual(['example.com', 'www.example.com', 'www.www.example.com']);
    expect(namesSharingTwins('www.www.example.com').sort()).toEqual(['example.com', 'www.example.com', 'www.www.example.com', 'www.www.www.example.com']);
    for (const name of ['example.com', 'www.example.com', 'www.www.example.com', 'fans.example.com']) {
      for (const other of namesSharingTwins(name)) expect(twinsOverlap(name, other), `${name} ${other}`).toBe(true);
    }
  });
});
