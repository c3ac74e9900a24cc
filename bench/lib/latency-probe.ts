/**
 * Latency in microseconds, which autocannon's whole milliseconds cannot show: `connections` loops
 * each send GET `url` over their own keep-alive socket for `seconds`, and every answer's time goes
 * into an HDR histogram (hdr-histogram-js, 3 significant digits). Run as its own process
 * (`node --import tsx bench/lib/latency-probe.ts <url> <connections> <seconds>`), so it never
 * shares an event loop with the server or other load; prints one JSON line.
 */
import { Agent, request } from 'node:http';
import * as hdr from 'hdr-histogram-js';

export interface LatencyReport {
  count: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  non2xx: number;
}

async function probe(url: string, connections: number, seconds: number): Promise<LatencyReport> {
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
  const deadline = Date.now() + seconds * 1000;
  let non2xx = 0;
  const once = (agent: Agent) =>
    new Promise<void>((resolve, reject) => {
      const started = process.hrtime.bigint();
      request(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          histogram.recordValue(Number((process.hrtime.bigint() - started) / 1000n));
          if ((response.statusCode ?? 0) >= 300) non2xx += 1;
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < deadline) await once(agent);
      agent.destroy();
    }),
  );
  return { count: histogram.totalCount, p50Us: histogram.getValueAtPercentile(50), p99Us: histogram.getValueAtPercentile(99), maxUs: histogram.maxValue, non2xx };
}

if (import.meta.filename === process.argv[1]) {
  const [url, connections = '10', seconds = '4'] = process.argv.slice(2);
  if (!url) throw new Error('usage: latency-probe.ts <url> [connections] [seconds]');
  process.stdout.write(`${JSON.stringify(await probe(url, Number(connections), Number(seconds)))}\n`);
}
