/**
 * A real DNS server for the tests (dns2, UDP on loopback), named by DNS_RESOLVER.
 * A test writes the zone as the creator's DNS provider would; a name may also be
 * made to answer SERVFAIL or to never answer at all.
 */
import dns2 from 'dns2';

const { Packet } = dns2;

export type ZoneRecord =
  | { type: 'A' | 'AAAA'; address: string }
  | { type: 'CNAME'; domain: string }
  | { type: 'TXT'; data: string }
  | { type: 'CAA'; tag: 'issue' | 'issuewild'; value: string };

export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_RESOLVER. */
  address: string;
  set(name: string, records: ZoneRecord[]): void;
  servfail(name: string): void;
  silent(name: string): void;
  clear(name: string): void;
  close(): Promise<void>;
}

const TYPE_CODES = { A: Packet.TYPE.A, AAAA: Packet.TYPE.AAAA, CNAME: Packet.TYPE.CNAME, TXT: Packet.TYPE.TXT, CAA: Packet.TYPE.CAA } as const;

export async function startDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, ZoneRecord[]>();
  const failing = new Map<string, 'servfail' | 'silent'>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const failure = failing.get(name);
      if (failure === 'silent') return;
      if (failure === 'servfail') {
        response.header.rcode = 2;
        void send(response);
        return;
      }
      for (const record of zone.get(name) ?? []) {
        // A CNAME answers every type, as a real server does; the rest answer their own type only.
        if (record.type !== 'CNAME' && TYPE_CODES[record.type] !== question!.type) continue;
        const base = { name: question!.name, type: TYPE_CODES[record.type], class: Packet.CLASS.IN, ttl: 60 };
        if (record.type === 'CAA') response.answers.push({ ...base, flags: 0, tag: record.tag, value: record.value } as never);
        else response.answers.push({ ...base, ...record, type: TYPE_CODES[record.type] } as never);
      }
      void send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  await listening;
  const { port } = server.addresses().udp!;
  return {
    address: `127.0.0.1:${port}`,
    set: (name, records) => {
      failing.delete(name);
      zone.set(name, records);
    },
    servfail: (name) => failing.set(name, 'servfail'),
    silent: (name) => failing.set(name, 'silent'),
    clear: (name) => {
      failing.delete(name);
      zone.delete(name);
    },
    close: () => server.close(),
  };
}
