import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-addresses.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.5',
    '172.16.4.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.251',
    '::1',
    '::',
    'fd00::1',
    'fc12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.5',
    '::ffff:127.0.0.1',
  ])('calls %s private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['203.0.113.10', '198.51.100.7', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '2001:db8::1', '::ffff:8.8.8.8'])('calls %s public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
