/**
 * Load comes from a separate process (autocannon's CLI), so the load generator
 * never competes with the server under test inside one event loop.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LatencyReport } from './latency-probe.ts';

const run = promisify(execFile);

export interface LoadOptions {
  url: string;
  connections?: number;
  seconds?: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function generateLoad(options: LoadOptions): Promise<LoadResult> {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '--no-progress', '-c', String(options.connections ?? 10), '-d', String(options.seconds ?? 5)];
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-b', options.body);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(options.url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  return { requestsPerSecond: report.requests.average, p99Ms: report.latency.p99, non2xx: report.non2xx, errors: report.errors };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** p50/p99 in microseconds from an HDR histogram, measured by bench/lib/latency-probe.ts in its own process. */
export async function measureLatency(url: string, { connections = 10, seconds = 4 }: { connections?: number; seconds?: number } = {}): Promise<LatencyReport> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/lib/latency-probe.ts', url, String(connections), String(seconds)]);
  return JSON.parse(stdout) as LatencyReport;
}
