/**
 * The product download row (issue 31 "Speed"): a 1 GiB product file (BENCH_DOWNLOAD_BYTES says otherwise) fetched by
 * its buyer's signed link (`/@{handle}/downloads?file=`), against the same stored file at the static media path
 * (`/media/{id}/{token}/original`, the route that served files before products), alternately, on the same product
 * server. The figures are the throughput ratio, the product's memory growth while it sends the product file (peak RSS
 * minus RSS before: streamed, never buffered), and that a byte range of the product link answers 206 with its slice.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { median } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const BYTES = Number(process.env.BENCH_DOWNLOAD_BYTES ?? 1024 ** 3);
const CHUNK = Buffer.alloc(1024 * 1024, 0x62);
const RSS_TARGET_MB = 100;
const TOKEN = 'a'.repeat(32);

/** The upload's body, made as it is sent: the sender holds one chunk, not the gigabyte. */
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

/** A link to fetch, with what the browser that holds it sends (the receipt page's proof cookie for a product link). */
interface Link {
  url: string;
  headers: Record<string, string>;
}

/** Reads the whole answer, keeping nothing; MB/s, and the growth of `pid`'s RSS meanwhile. */
async function download({ url, headers }: Link, pid: number): Promise<{ mbPerSecond: number; rssGrowthMb: number }> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
  let received = 0;
  for await (const chunk of response.body) received += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (received !== BYTES) throw new Error(`${url} sent ${received} bytes of ${BYTES}`);
  return { mbPerSecond: BYTES / 1024 ** 2 / seconds, rssGrowthMb: peak - before };
}

async function waitForReady(baseUrl: string, cookie: string, id: string): Promise<{ urls: { original: string } }> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const answer = await fetch(`${baseUrl}/api/media/${id}`, { headers: { cookie } });
    const { media } = (await answer.json()) as { media: { status: string; urls: { original: string } } };
    if (media.status === 'ready') return media;
    if (media.status === 'failed' || Date.now() > deadline) throw new Error(`the bench file is ${media.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function benchProductDownload(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url, { UPLOAD_MAX_BYTES: String(BYTES * 2), SITE_STORAGE_QUOTA_BYTES: String(BYTES * 4) });
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const { email, cookie } = await createAccount(product.url);
    const handle = `bench${Date.now()}`;
    const [user] = await sql<{ id: string }[]>`update users set email_verified = true where email = ${email} returning id`;
    const [site] = await sql<{ id: string }[]>`insert into sites (owner_id, handle, title, published_at) values (${user!.id}, ${handle}, 'Bench', now()) returning id`;

    const created = await fetch(`${product.url}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie,
        origin: product.url,
        'tus-resumable': '1.0.0',
        'upload-length': String(BYTES),
        'upload-metadata': `filename ${Buffer.from('book.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
    const location = created.headers.get('location')!;
    const mediaId = location.split('/').at(-1)!;
    const patched = await fetch(`${product.url}${location}`, {
      method: 'PATCH',
      headers: { cookie, origin: product.url, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: body(BYTES),
      duplex: 'half',
    } as RequestInit);
    if (patched.status !== 204) throw new Error(`the upload answered ${patched.status}`);
    const media = await waitForReady(product.url, cookie, mediaId);

    // A product of that file and one paid purchase of it, as the sales ledger would leave them (Stripe is not measured here).
    const [made] = await sql<{ id: string }[]>`insert into products (site_id, title, slug, price, currency) values (${site!.id}, 'Book', 'book', 1200, 'usd') returning id`;
    await sql`insert into product_files (product_id, media_id) values (${made!.id}, ${mediaId})`;
    const [sale] = await sql<{ id: string }[]>`insert into sales (site_id, kind, status, amount, currency, buyer_user_id, paid_at) values (${site!.id}, 'product', 'paid', 1200, 'usd', ${user!.id}, now()) returning id`;
    await sql`insert into product_purchases (sale_id, product_id, site_id, user_id, download_token_hash, media_ids_at_sale) values (${sale!.id}, ${made!.id}, ${site!.id}, ${user!.id}, ${createHash('sha256').update(TOKEN).digest('hex')}, ${sql.json([mediaId])})`;

    // Fresh links each time, as a buyer's page load makes them, with the proof cookie that page leaves in the browser.
    const productLink = async (): Promise<Link> => {
      const answer = await fetch(`${product.url}/@${handle}/downloads?token=${TOKEN}`);
      const href = /href="([^"]*\/downloads\?file=[^"]+)"/.exec(await answer.text())?.[1];
      if (!href) throw new Error('the downloads page lists no file');
      const proof = answer.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
      return { url: `${product.url}${href.replace(/&amp;/g, '&')}`, headers: { cookie: proof } };
    };
    const mediaLink = async (): Promise<Link> => ({ url: `${product.url}${(await waitForReady(product.url, cookie, mediaId)).urls.original}`, headers: {} });
    if (!media.urls.original) throw new Error('the media item has no original URL');

    const link = await productLink();
    const ranged = await fetch(link.url, { headers: { ...link.headers, range: 'bytes=1000-1999' } });
    const slice = Buffer.from(await ranged.arrayBuffer());
    const rangeHolds = ranged.status === 206 && ranged.headers.get('content-range') === `bytes 1000-1999/${BYTES}` && slice.length === 1000 && slice.every((byte) => byte === 0x62);

    const products: { mbPerSecond: number; rssGrowthMb: number }[] = [];
    const statics: number[] = [];
    for (let index = 0; index < pairs; index += 1) {
      products.push(await download(await productLink(), product.child.pid!));
      statics.push((await download(await mediaLink(), product.child.pid!)).mbPerSecond);
    }
    const ratios = products.map((result, index) => result.mbPerSecond / statics[index]!);
    const ratio = median(ratios);
    const rssGrowthMb = Math.max(...products.map((result) => result.rssGrowthMb));
    return {
      row: 53,
      name: `product download of ${(BYTES / 1024 ** 3).toFixed(2)} GiB by its buyer's signed link vs the static media path`,
      figure: ratio,
      unit: `ratio (MB/s); RSS growth ${rssGrowthMb.toFixed(0)} MB; range ${rangeHolds ? '206' : 'WRONG'}`,
      target: `>= 0.8, RSS growth < ${RSS_TARGET_MB} MB, 206 with the slice`,
      holds: ratio >= 0.8 && rssGrowthMb < RSS_TARGET_MB && rangeHolds,
      detail: { bytes: BYTES, productMbPerSecond: products.map((result) => result.mbPerSecond), staticMbPerSecond: statics, ratios, rssGrowthMb, rangeHolds },
    };
  } finally {
    await sql.end();
    await product.stop();
    await database.drop();
  }
}
