/**
 * The export rows (issue 30 "Speed and scale"): a site with 10,000 posts,
 * 1 GiB of media and 100,000 members exports through the product's queue
 * (POST /api/exports, polled until ready), against a bare zip stream of the
 * same files (bench/peers/zip-peer.ts: yazl over the export's own files,
 * unpacked, with the media originals) run as a child of this process. Figures:
 * the speed ratio (peer time / product time, target at least 0.5) and the
 * product's memory growth while it exports (peak RSS minus RSS before, target
 * under 100 MB: streamed, never held).
 */
import { execFile } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { connectDatabase } from '../db/connect.ts';
import { seedLargeSite } from './lib/large-site.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const POSTS = Number(process.env.BENCH_EXPORT_POSTS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_EXPORT_MEMBERS ?? 100_000);
const MEDIA_FILES = Number(process.env.BENCH_EXPORT_MEDIA_FILES ?? 1024);
const SPEED_TARGET = 0.5;
const RSS_TARGET_MB = 100;

const run = promisify(execFile);

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** Every entry of a zip written under `dir`, as the peer will read them. */
async function unzip(zipPath: string, dir: string): Promise<number> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(zipPath, { lazyEntries: true });
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const target = path.join(dir, entry.fileName);
        void mkdir(path.dirname(target), { recursive: true })
          .then(() => pipeline(stream, createWriteStream(target)))
          .then(() => {
            count += 1;
            zip.readEntry();
          }, reject);
      });
    });
    zip.readEntry();
  });
  return count;
}

export async function benchExport(): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
  const product = await startProduct(database.url, { DATA_DIR: dataDir });
  const handle = await connectDatabase({ url: database.url });
  const work = await mkdtemp(path.join(tmpdir(), 'bench-export-peer-'));
  try {
    const { owner } = await seedLargeSite(handle.db, product.url, dataDir, { posts: POSTS, members: MEMBERS, mediaFiles: MEDIA_FILES }, 'export');

    const headers = { cookie: owner.cookie, origin: product.url };
    const pid = product.child.pid!;
    const baseline = rssBytes(pid);
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    const started = performance.now();
    const created = (await (await fetch(`${product.url}/api/exports`, { method: 'POST', headers })).json()) as { export: { id: string } };
    let ready: { status: string; url?: string; bytes?: number; failure?: string | null };
    for (;;) {
      ready = ((await (await fetch(`${product.url}/api/exports/${created.export.id}`, { headers })).json()) as { export: typeof ready }).export;
      if (ready.status === 'ready' || ready.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const productMs = performance.now() - started;
    clearInterval(timer);
    if (ready.status !== 'ready') throw new Error(`the export failed: ${ready.failure}`);
    const growthMb = (peak - baseline) / 1024 / 1024;

    // The peer zips the same files: the product's export unpacked (media originals included).
    const zipPath = path.join(work, 'product.zip');
    const download = await fetch(new URL(ready.url!, product.url), { headers });
    await pipeline(download.body!, createWriteStream(zipPath));
    const entries = await unzip(zipPath, path.join(work, 'files'));
    await rm(zipPath);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/peers/zip-peer.ts', path.join(work, 'files'), path.join(work, 'peer.zip')]);
    const peer = JSON.parse(stdout) as { ms: number; bytes: number };
    const ratio = peer.ms / productMs;
    process.stderr.write(
      `export: product ${(productMs / 1000).toFixed(1)} s for ${ready.bytes} bytes (${entries} files), peer ${(peer.ms / 1000).toFixed(1)} s for ${peer.bytes} bytes; ratio ${ratio.toFixed(2)}; memory growth ${growthMb.toFixed(0)} MB\n`,
    );
    const size = `${POSTS.toLocaleString('en')} posts, ${(MEDIA_FILES / 1024).toFixed(MEDIA_FILES % 1024 === 0 ? 0 : 2)} GiB of media, ${MEMBERS.toLocaleString('en')} members`;
    return [
      {
        row: 51,
        name: `site export (${size}), POST /api/exports to ready, vs a bare yazl zip stream of the same ${entries} files`,
        figure: ratio,
        unit: 'ratio (speed)',
        target: `>= ${SPEED_TARGET}`,
        holds: ratio >= SPEED_TARGET,
        detail: { productMs, peerMs: peer.ms, productBytes: ready.bytes, peerBytes: peer.bytes, entries },
      },
      {
        row: 52,
        name: `site export (${size}), the server's memory growth while it exports (peak RSS minus RSS before)`,
        figure: growthMb,
        unit: 'MB',
        target: `< ${RSS_TARGET_MB}`,
        holds: growthMb < RSS_TARGET_MB,
        detail: { baselineMb: baseline / 1024 / 1024, peakMb: peak / 1024 / 1024 },
      },
    ];
  } finally {
    await handle.close();
    await product.stop();
    await database.drop();
    await rm(work, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
