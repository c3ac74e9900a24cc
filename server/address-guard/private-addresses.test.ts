import { describe, expect, it } from 'vitest';
import { addressClass, isPrivateAddress } from './private-addresses.ts';

describe('addressClass', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '169.254.169.254',
    '169.254.0.1',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '::',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:0.0.0.0',
    '64:ff9b::169.254.169.254',
    '::a9fe:a9fe',
    '::ffff:0:a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '::0.1.2.3',
  ])('never lets a fetch reach %s', (address) => {
    expect(addressClass(address)).toBe('never');
  });

  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.5',
    '172.16.4.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '192.0.0.8',
    '198.18.0.1',
    '::1',
    'fd00::1',
    'fc12:3456::1',
    'fec0::1',
    '::ffff:10.0.0.5',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::1',
    '::7f00:1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '::10.0.0.5',
    '::ffff:0:10.0.0.5',
  ])('calls %s private', (address) => {
    expect(addressClass(address)).toBe('private');
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['203.0.113.10', '198.51.100.7', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '169.255.0.1', '2606:4700::1111', '2001:db8::1', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '::808:808', '::ffff:0:808:808', '2002:808:808::1'])(
    'calls %s public',
    (address) => {
      expect(addressClass(address)).toBe('public');
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});
