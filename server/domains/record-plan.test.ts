import { describe, expect, it } from 'vitest';
import { hostLabel, pointingRecords, zoneOf } from './record-plan.ts';

const TARGET = 'edge.creators.example.net';

describe('pointingRecords', () => {
  it('points an apex with A and AAAA records to DOMAIN_IPS, never a CNAME', () => {
    const config = { cnameTarget: TARGET, ips: ['203.0.113.10', '2001:db8::10'] };
    expect(pointingRecords('example.com', config)).toEqual([
      { type: 'A', name: 'example.com', value: '203.0.113.10' },
      { type: 'AAAA', name: 'example.com', value: '2001:db8::10' },
    ]);
    expect(pointingRecords('harbour-sounds.co.uk', config).map((record) => record.type)).toEqual(['A', 'AAAA']);
  });

  it('points an apex with an ALIAS to the target when DOMAIN_IPS is unset', () => {
    expect(pointingRecords('example.com', { cnameTarget: TARGET, ips: [] })).toEqual([{ type: 'ALIAS', name: 'example.com', value: TARGET }]);
  });

  it('points www. and any other subdomain with a CNAME to the target, DOMAIN_IPS or not', () => {
    for (const ips of [[], ['203.0.113.10']]) {
      expect(pointingRecords('www.example.com', { cnameTarget: TARGET, ips })).toEqual([{ type: 'CNAME', name: 'www.example.com', value: TARGET }]);
      expect(pointingRecords('fans.example.co.uk', { cnameTarget: TARGET, ips })).toEqual([{ type: 'CNAME', name: 'fans.example.co.uk', value: TARGET }]);
    }
  });

  it('never makes a CNAME or ALIAS name an address: a target that is an address gets A/AAAA records', () => {
    expect(pointingRecords('www.example.com', { cnameTarget: '203.0.113.7', ips: [] })).toEqual([{ type: 'A', name: 'www.example.com', value: '203.0.113.7' }]);
    expect(pointingRecords('example.com', { cnameTarget: '203.0.113.7', ips: [] })).toEqual([{ type: 'A', name: 'example.com', value: '203.0.113.7' }]);
  });
});

describe('hostLabel', () => {
  it('names the registered domain "@" and a name under it by the labels before it, as DNS providers label Host', () => {
    expect(hostLabel('example.com', zoneOf('example.com'))).toBe('@');
    expect(hostLabel('www.example.com', zoneOf('www.example.com'))).toBe('www');
    expect(hostLabel('_creator-platform.www.example.com', zoneOf('www.example.com'))).toBe('_creator-platform.www');
    expect(hostLabel('_creator-platform.example.co.uk', zoneOf('example.co.uk'))).toBe('_creator-platform');
    expect(hostLabel('fans.example.co.uk', zoneOf('fans.example.co.uk'))).toBe('fans');
    expect(hostLabel('www.fans.example.co.uk', zoneOf('fans.example.co.uk'))).toBe('www.fans');
  });

  it('finds the zone by the public suffix list, not by counting labels', () => {
    expect(zoneOf('fans.example.co.uk')).toBe('example.co.uk');
    expect(zoneOf('www.example.com')).toBe('example.com');
    expect(zoneOf('example.com.au')).toBe('example.com.au');
  });
});
