/**
 * The upload row (ISSUE9 "Speed"): one large tus upload (1 GiB unless
 * BENCH_UPLOAD_BYTES says otherwise) in a single PATCH to the product, against
 * a bare node:http server piping the same bytes to a file, alternately. The
 * figures are the throughput ratio and the product's memory growth while it
 * takes the bytes (peak RSS minus RSS before): streamed, never buffered.
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { median } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const CHUNK = Buffer.alloc(1024 * 1024, 0x61);
const RSS_TARGET_MB = 100;

/** The body, made as it is sent: the sender holds one chunk, not the gigabyte. */
function body(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(CHUNK.length, bytes - sent);
      const chunk = new Uint8Array(CHUNK.subarray(0, size));
      if (sent === 0) chunk.set(Buffer.from('%PDF-1.7\n'));
      sent += size;
      controller.enqueue(chunk);
    },
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Sends `bytes` and answers MB/s; with `pid`, also the growth of that process's RSS meanwhile. */
async function send(url: string, headers: Record<string, string>, bytes: number, pid?: number) {
  const before = pid ? rssMb(pid) : 0;
  let peak = before;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50) : undefined;
  const started = performance.now();
  const response = await fetch(url, { method: 'PATCH', headers, body: body(bytes), duplex: 'half' } as RequestInit);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 204) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return { mbPerSecond: bytes / 1024 ** 2 / seconds, rssGrowthMb: peak - before };
}

export async function benchUpload(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url, { UPLOAD_MAX_BYTES: String(BYTES * 2) });
  const peer = await startProcess('bench/peers/upload-peer.ts', {});
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const { email, cookie } = await createAccount(product.url);
    const [user] = await sql<{ id: string }[]>`update users set email_verified = true where email = ${email} returning id`;
    await sql`insert into sites (owner_id, handle, title) values (${user!.id}, ${`bench${Date.now()}`}, 'Bench')`;

    const createUpload = async () => {
      const created = await fetch(`${product.url}/api/uploads`, {
        method: 'POST',
        headers: {
          cookie,
          origin: product.url,
          'tus-resumable': '1.0.0',
          'upload-length': String(BYTES),
          'upload-metadata': `filename ${Buffer.from('bench.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`,
        },
      });
      if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
      return `${product.url}${created.headers.get('location')}`;
    };
    const tusHeaders = { cookie, origin: product.url, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    const measureProduct = async () => send(await createUpload(), tusHeaders, BYTES, product.child.pid);
    const measurePeer = async () => send(`${peer.url}/upload`, { 'content-type': 'application/octet-stream' }, BYTES);

    const products: { mbPerSecond: number; rssGrowthMb: number }[] = [];
    const peers: number[] = [];
    for (let index = 0; index < pairs; index += 1) {
      products.push(await measureProduct());
      peers.push((await measurePeer()).mbPerSecond);
    }
    const ratios = products.map((result, index) => result.mbPerSecond / peers[index]!);
    const ratio = median(ratios);
    const rssGrowthMb = Math.max(...products.map((result) => result.rssGrowthMb));
    return {
      row: 11,
      name: `tus upload of ${(BYTES / 1024 ** 3).toFixed(2)} GiB vs bare node:http piping to a file`,
      figure: ratio,
      unit: `ratio (MB/s); RSS growth ${rssGrowthMb.toFixed(0)} MB`,
      target: `>= 0.5, RSS growth < ${RSS_TARGET_MB} MB`,
      holds: ratio >= 0.5 && rssGrowthMb < RSS_TARGET_MB,
      detail: { bytes: BYTES, productMbPerSecond: products.map((result) => result.mbPerSecond), peerMbPerSecond: peers, ratios, rssGrowthMb },
    };
  } finally {
    await sql.end();
    await peer.stop();
    await product.stop();
    await database.drop();
  }
}
