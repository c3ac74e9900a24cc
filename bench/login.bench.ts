/** Row 3: POST /api/auth/login (right password, 4 clients) against bare argon2id verifications at the same concurrency. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { BENCH_PASSWORD, createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const run = promisify(execFile);
const CONCURRENCY = 4;
const SECONDS = 5;

export async function benchLogin(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  try {
    const { email } = await createAccount(product.url);
    const measureProduct = async () => {
      const result = await generateLoad({
        url: `${product.url}/api/auth/login`,
        method: 'POST',
        connections: CONCURRENCY,
        seconds: SECONDS,
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        headers: { 'content-type': 'application/json', origin: product.url },
      });
      if (result.non2xx > 0) throw new Error(`login answered ${result.non2xx} non-2xx responses`);
      return result.requestsPerSecond;
    };
    const measurePeer = async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/peers/argon2-peer.ts', String(CONCURRENCY), String(SECONDS)]);
      return (JSON.parse(stdout) as { perSecond: number }).perSecond;
    };
    const result = await alternate(pairs, measureProduct, measurePeer);
    return { row: 3, name: 'POST /api/auth/login, 4 clients vs bare argon2id verify', figure: result.medianRatio, unit: 'ratio (per s)', target: '>= 0.8', holds: result.medianRatio >= 0.8, detail: { ...result } };
  } finally {
    await product.stop();
    await database.drop();
  }
}
