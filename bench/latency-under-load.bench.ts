/**
 * Row 4: p99 of GET /api/config/maintenance while logins run at full speed, against the same p99
 * with no logins. The p99s are microseconds from an HDR histogram (bench/lib/latency-probe.ts):
 * autocannon's whole milliseconds made an idle p99 of 1-2 ms jump the ratio between 2.5x and 6x.
 */
import { alternate } from './lib/alternate.ts';
import { generateLoad, measureLatency } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { BENCH_PASSWORD, createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

export async function benchLatencyUnderLoad(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  try {
    const { email } = await createAccount(product.url);
    const maintenanceP99 = async () => {
      const latency = await measureLatency(`${product.url}/api/config/maintenance`, { connections: 10, seconds: 4 });
      if (latency.non2xx > 0) throw new Error(`maintenance answered ${latency.non2xx} non-2xx responses`);
      return latency.p99Us;
    };
    const loaded = async () => {
      const logins = generateLoad({
        url: `${product.url}/api/auth/login`,
        method: 'POST',
        connections: 8,
        // Longer than the probe's 4 s plus its own start-up, so logins run for all of it.
        seconds: 7,
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        headers: { 'content-type': 'application/json', origin: product.url },
      });
      const p99 = await maintenanceP99();
      await logins;
      return p99;
    };
    const result = await alternate(pairs, loaded, maintenanceP99);
    return { row: 4, name: 'p99 maintenance while logins run vs idle', figure: result.medianRatio, unit: 'x (p99 µs, HDR)', target: '<= 3', holds: result.medianRatio <= 3, detail: { ...result } };
  } finally {
    await product.stop();
    await database.drop();
  }
}
