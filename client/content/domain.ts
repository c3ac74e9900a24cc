/**
 * The words of /domain (DESIGN.md "Your own domain", issue 29): what a public
 * APP_URL has to do with a custom domain, the record columns as DNS providers
 * label them, why a domain's root takes no CNAME, and where the Host field is
 * at the providers creators use most. Kept here so the page stays layout.
 */
import type { DomainRecord } from '../../common/domains.ts';

/** APP_URL names this machine only: said before anything else on the page. */
export function loopbackNotice(appUrl: string): string {
  return `Custom domains need a public address: this server's APP_URL is ${appUrl}, which only this computer can reach, so no domain can point here yet. Whoever runs this server should set APP_URL to the address people use (like https://creators.example.com) and restart it. You can add your domain now; it goes live once the server is public.`;
}

/** Said when leaving the field (or pasting) cut a URL down to its domain. */
export function cleanedNotice(hostname: string): string {
  return `We kept just the domain: ${hostname}.`;
}

/** The columns, as providers' forms name them. */
export const RECORD_COLUMNS = { type: 'Type', host: 'Host', value: 'Value', ttl: 'TTL' } as const;

/** Every provider takes its default, or an hour. */
export const RECORD_TTL = 'Auto (or 3600)';

export const RECORD_PURPOSE: Record<DomainRecord['type'], string> = {
  TXT: 'Proves the domain is yours',
  CNAME: 'Points your domain here',
  ALIAS: 'Points your domain here',
  A: 'Points your domain here',
  AAAA: 'Points your domain here',
  CAA: 'Lets us get its HTTPS certificate',
};

export const OPTIONAL_RECORD = 'Optional: redirects to your domain';

export function wholeName(name: string): string {
  return `Whole name: ${name}`;
}

/** Under the records: how to read the Host column. */
export function hostHelp(zone: string): string {
  return `Most DNS providers add ${zone} after what you type, so enter the Host as shown ("@" means ${zone} itself). If yours asks for the whole name, enter the whole name instead.`;
}

/** The root of a domain cannot hold a CNAME; what the page asks for instead, by what the operator set. */
export function apexNote(type: DomainRecord['type'], zone: string, target: string | undefined): string | undefined {
  if (type === 'ALIAS') {
    return `The root of a domain (${zone}) cannot have a CNAME record, so this is an ALIAS record: your DNS provider may call it ANAME or CNAME flattening. Cloudflare flattens a CNAME at the root by itself: add it there as a CNAME with Name @. If your provider has none of these, use www.${zone} as your domain and have your provider forward ${zone} to it, or ask whoever runs this server to set DOMAIN_IPS so your root can use A records.`;
  }
  if (type === 'A' || type === 'AAAA') {
    const alias = target ? ` If your provider offers ALIAS, ANAME or CNAME flattening, an ALIAS of @ to ${target} works too.` : '';
    return `The root of a domain (${zone}) cannot have a CNAME record, so it points at this server's addresses with address records (A for IPv4, AAAA for IPv6).${alias}`;
  }
  return undefined;
}

export const PROVIDERS_HEADING = 'Where to add them at your DNS provider';

/** Short notes for the providers most creators use: where the Host goes, and what each does with the root. */
export function providerNotes(zone: string): { name: string; note: string }[] {
  return [
    { name: 'Cloudflare', note: `DNS > Records > Add record. Enter the Host in Name. Set Proxy status to DNS only (grey cloud): a proxied record hides the records we check and blocks the HTTPS certificate.` },
    { name: 'GoDaddy', note: `My Products > your domain > DNS > Add New Record. Enter the Host in Name; GoDaddy adds ${zone} itself. It has no ALIAS record: for the root, use A records or www with Forwarding.` },
    { name: 'Namecheap', note: `Domain List > Manage > Advanced DNS > Add New Record. Enter the Host in Host; Namecheap adds ${zone} itself. It offers an ALIAS record for the root.` },
    { name: 'Squarespace Domains (formerly Google Domains)', note: `Domains > your domain > DNS > DNS Settings > Custom records. Enter the Host in Host; the domain is added for you.` },
    { name: 'Porkbun', note: `Domain Management > DNS. Enter the Host in Host, and leave it empty for the root (@); Porkbun adds ${zone} itself. It offers an ALIAS record for the root.` },
    { name: 'Amazon Route 53', note: `Hosted zones > ${zone} > Create record. Enter the Host in Record name, and leave it empty for the root; ${zone} is shown after it. Its alias records point only at AWS resources: for the root, use A records or www.` },
  ];
}
