/**
 * The guard's first look at an address, before any connection: http or https
 * only, no user name or password in it, not too long, and a host written as
 * an IP address already classed here (Node connects to a literal address
 * without asking the lookup, so the lookup's check would never see it).
 * Every redirect's target passes here again.
 */
import { isIP } from 'node:net';
import { refuse } from './address-refused.ts';
import { addressClass } from './private-addresses.ts';

/** Longer than any real file's address; past it, the input is not one. */
const MAX_URL_LENGTH = 4096;

/** Whether a fetch may connect to `address` under this setting. */
export function mayConnectTo(address: string, allowPrivateAddresses: boolean): boolean {
  const kind = addressClass(address);
  return kind === 'public' || (kind === 'private' && allowPrivateAddresses);
}

/** `raw` as a URL the guard may fetch (resolved against `base` for a redirect's Location); throws AddressRefused otherwise. */
export function checkedUrl(raw: string, allowPrivateAddresses: boolean, base?: URL): URL {
  if (raw.length > MAX_URL_LENGTH) throw refuse.invalidUrl();
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refuse.invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse.invalidUrl();
  if (url.username || url.password) throw refuse.invalidUrl('The address holds a user name or password.');
  if (!url.hostname) throw refuse.invalidUrl();
  // The URL parser writes every IPv4 spelling (2130706433, 0x7f.1) as dotted decimal, and IPv6 in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !mayConnectTo(host, allowPrivateAddresses)) throw refuse.privateAddress();
  return url;
}
