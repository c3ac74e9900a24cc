/** Row 4: p99 of GET /api/config/maintenance while logins run at full speed, against the same p99 with no logins. */
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { BENCH_PASSWORD, createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

export async function benchLatencyUnderLoad(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  try {
    const { email } = await createAccount(product.url);
    const maintenanceP99 = async () => (await generateLoad({ url: `${product.url}/api/config/maintenance`, connections: 10, seconds: 4 })).p99Ms;
    const loaded = async () => {
      const logins = generateLoad({
        url: `${product.url}/api/auth/login`,
        method: 'POST',
        connections: 8,
        seconds: 5,
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        headers: { 'content-type': 'application/json', origin: product.url },
      });
      const p99 = await maintenanceP99();
      await logins;
      return p99;
    };
    const result = await alternate(pairs, loaded, maintenanceP99);
    return { row: 4, name: 'p99 maintenance while logins run vs idle', figure: result.medianRatio, unit: 'x (p99 ms)', target: '<= 3', holds: result.medianRatio <= 3, detail: { ...result } };
  } finally {
    await product.stop();
    await database.drop();
  }
}
