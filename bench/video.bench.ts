/**
 * The video row (ISSUE9 "Speed"): seconds of processing per minute of 1080p
 * source, through the same code the job runs (three HLS renditions, a
 * poster). No target: it measures this machine's CPU. The source is made by
 * ffmpeg's test pattern (BENCH_VIDEO_SECONDS long, 20 unless told).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { processVideo } from '../server/media/processing/process-video.ts';
import type { BenchRow } from './lib/row.ts';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 20);

export async function benchVideo(): Promise<BenchRow> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-video-'));
  try {
    const source = path.join(dir, 'source.mp4');
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30',
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
    ]);
    const outDir = path.join(dir, 'out');
    await mkdir(outDir);
    const started = performance.now();
    const derived = await processVideo({ path: source, demuxer: 'mov' }, outDir, { signal: new AbortController().signal, onProgress: () => {} });
    const elapsed = (performance.now() - started) / 1000;
    const perMinute = (elapsed / (derived.durationSeconds ?? SECONDS)) * 60;
    return {
      row: 12,
      name: `video processing of a ${SECONDS}s 1080p source (HLS ${derived.hls?.heights.join('/')}p + poster)`,
      figure: perMinute,
      unit: 's per minute of source',
      target: 'reported',
      holds: true,
      detail: { elapsedSeconds: elapsed, sourceSeconds: derived.durationSeconds, realtimeFactor: (derived.durationSeconds ?? SECONDS) / elapsed },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
