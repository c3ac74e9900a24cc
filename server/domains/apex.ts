/**
 * Whether a name is the apex of its zone (`example.co.uk`, `example.com`), which
 * DNS does not let carry a CNAME, so it is pointed with A/AAAA records instead.
 * Counting labels called `fans.example.co.uk`'s zone `co.uk`; the Public Suffix
 * List (its ICANN part: the suffixes under which people register domains) knows.
 */
import { getDomain } from 'tldts';

export function isApex(hostname: string): boolean {
  return getDomain(hostname) === hostname;
}
