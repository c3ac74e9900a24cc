/** Row 1: GET /api/config/maintenance against a bare Express 5 app answering the same JSON. */
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

export async function benchMaintenance(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const peer = await startProcess('bench/peers/maintenance-peer.ts', {}, '/api/config/maintenance');
  try {
    const measure = (url: string) => async () => (await generateLoad({ url: `${url}/api/config/maintenance`, connections: 10, seconds: 4 })).requestsPerSecond;
    const result = await alternate(pairs, measure(product.url), measure(peer.url));
    return { row: 1, name: 'GET /api/config/maintenance vs bare Express', figure: result.medianRatio, unit: 'ratio (req/s)', target: '>= 0.8', holds: result.medianRatio >= 0.8, detail: { ...result } };
  } finally {
    await Promise.all([product.stop(), peer.stop()]);
    await database.drop();
  }
}
