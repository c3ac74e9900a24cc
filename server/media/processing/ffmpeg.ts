/**
 * ffmpeg and ffprobe run as child processes (fluent-ffmpeg is unmaintained:
 * DESIGN.md "Toolchain facts"). Arguments go as an array, never through a
 * shell; an abort signal kills the child, so a stopping server leaves none.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export interface ProbeResult {
  durationSeconds: number | undefined;
  video: { width: number; height: number } | undefined;
  hasAudio: boolean;
}

interface RawProbe {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
}

const ENCODER_NICENESS = 10;

/** The tail of stderr kept for the log when a run fails: enough to see why, never the whole output. */
const STDERR_TAIL = 2000;

export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
}

function run(command: string, args: string[], { signal, onStdout }: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    // Encoding takes every core it can; page loads and logins on the same machine come first (as with argon2: docs/decisions/014).
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, ENCODER_NICENESS);
      } catch {
        // Already exited, or a platform without priorities: it runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new ToolFailedError(`${command} exited ${code}: ${stderr.trim()}`));
    });
  });
}

export async function probe(filePath: string, signal?: AbortSignal): Promise<ProbeResult> {
  const output = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath], signal ? { signal } : {});
  const raw = JSON.parse(output) as RawProbe;
  const streams = raw.streams ?? [];
  // A cover image inside an audio file is a "video" stream; it does not make the file a video.
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  const duration = Number(raw.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : undefined,
    video: video ? { width: video.width!, height: video.height! } : undefined,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** Runs ffmpeg; with `durationSeconds`, reports progress (0 to 1) from `-progress pipe:1`. */
export async function ffmpeg(args: string[], options: { signal?: AbortSignal; durationSeconds?: number; onProgress?: (fraction: number) => void } = {}): Promise<void> {
  const { durationSeconds, onProgress } = options;
  const reportProgress = durationSeconds && onProgress;
  let pending = '';
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...(reportProgress ? ['-progress', 'pipe:1', '-nostats'] : []), ...args], {
    ...(options.signal ? { signal: options.signal } : {}),
    onStdout: (chunk) => {
      if (!reportProgress) return;
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) onProgress(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
      }
    },
  });
}

/** Whether the tools are on PATH: tests that need them skip, with a reason, when they are not. */
export async function ffmpegAvailable(): Promise<boolean> {
  try {
    await run('ffmpeg', ['-version']);
    await run('ffprobe', ['-version']);
    return true;
  } catch {
    return false;
  }
}
