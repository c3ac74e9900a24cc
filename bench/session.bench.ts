/** Row 2: GET /api/auth/me with a valid session against a bare Express 5 app doing the same primary-key join. */
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

export async function benchSession(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const peer = await startProcess('bench/peers/session-peer.ts', { DATABASE_URL: database.url });
  try {
    const { cookie } = await createAccount(product.url);
    const answers = await Promise.all([product.url, peer.url].map(async (url) => (await fetch(`${url}/api/auth/me`, { headers: { cookie } })).text()));
    // Only the same answer makes a fair race: a peer that missed the session would answer a cheap null.
    if (answers[0] !== answers[1] || !answers[0]!.includes('"uid"')) throw new Error(`product and peer disagree: ${answers.join(' vs ')}`);
    const measure = (url: string) => async () => {
      const result = await generateLoad({ url: `${url}/api/auth/me`, connections: 10, seconds: 4, headers: { cookie } });
      if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
      return result.requestsPerSecond;
    };
    const result = await alternate(pairs, measure(product.url), measure(peer.url));
    return { row: 2, name: 'GET /api/auth/me (valid session) vs bare Express + same select', figure: result.medianRatio, unit: 'ratio (req/s)', target: '>= 0.7', holds: result.medianRatio >= 0.7, detail: { ...result } };
  } finally {
    await Promise.all([product.stop(), peer.stop()]);
    await database.drop();
  }
}
