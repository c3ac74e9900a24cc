import { describe, expect, it } from 'vitest';
import { addDomainSchema } from './domain-schemas.ts';
import { alternateHostname, cleanHostnameInput, namesSharingTwins, normaliseHostname, twinsOverlap } from './domains.ts';

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
    ['https://www.Example.com/path?x', 'www.example.com'],
    ['fans.example.com/path', 'fans.example.com'],
    ['http://user:secret@Fans.Example.com:8443/a/b#top', 'fans.example.com'],
    ['//example.org?ref=1', 'example.org'],
    ['example.org:443', 'example.org'],
    ['HTTPS://Bücher.Example/', 'xn--bcher-kva.example'],
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
    ['https://10.0.0.1:8080/', 'ip'],
    ['http://[::1]:3000/', 'ip'],
    ['https://localhost:3000/settings', 'localhost'],
    ['https:///path', 'empty'],
    ['https://fans club.example.com/', 'bad-characters'],
    ['xn--invalid-.example', 'bad-characters'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(normaliseHostname(input, RESERVED)).toMatchObject({ ok: false, problem });
  });
});

describe('cleanHostnameInput', () => {
  it('keeps only the host of a pasted URL, in lower case, as the field shows it once left', () => {
    expect(cleanHostnameInput('  https://www.Example.com/path?x ')).toBe('www.example.com');
    expect(cleanHostnameInput('Example.com')).toBe('example.com');
    expect(cleanHostnameInput('ftp://files.example.com')).toBe('files.example.com');
    expect(cleanHostnameInput('[2001:db8::1]:443')).toBe('[2001:db8::1]');
  });

  it('is what the server reads from the body of POST /api/domains', () => {
    expect(addDomainSchema.parse({ hostname: 'https://www.Example.com/path?x' })).toEqual({ hostname: 'www.example.com' });
    expect(addDomainSchema.safeParse({ hostname: 42 }).success).toBe(false);
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
