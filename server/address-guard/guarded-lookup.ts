/**
 * The DNS lookup node:http connects with: it resolves the name itself and
 * refuses when any answer is an address the guard may not reach, so the
 * socket opens only to an address that was checked. A name that answers
 * public to a check and private to the connection (DNS rebinding) cannot slip
 * through: there is one resolution, and it is the one connected to.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { refuse } from './address-refused.ts';
import { mayConnectTo } from './checked-url.ts';

export function guardedLookup(allowPrivateAddresses: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      // One bad answer among good ones refuses the name: which one a connection takes is not ours to choose.
      if (addresses.some((answer) => !mayConnectTo(answer.address, allowPrivateAddresses))) {
        return callback(refuse.privateAddress(), '');
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
