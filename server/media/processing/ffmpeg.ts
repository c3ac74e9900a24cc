/**
 * ffmpeg and ffprobe run as child processes (fluent-ffmpeg is unmaintained:
 * DESIGN.md "Toolchain facts"). Arguments go as an array, never through a
 * shell; an abort signal kills the child, so a stopping server leaves none.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { DEMUXER_OF_FORMAT, type Demuxer } from './sniff.ts';

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

/** A file for ffmpeg to read, and the demuxer its sniffed format names. */
export interface MediaInput {
  path: string;
  demuxer: Demuxer;
}

const ACCEPTED_DEMUXERS = [...new Set(Object.values(DEMUXER_OF_FORMAT))].join(',');

/**
 * How every input is opened (ISSUE15 item 1): with the sniffer's demuxer, only
 * demuxers of formats we accept (so none that follows a playlist or a concat
 * script), and only the file itself (so nothing inside it can name another
 * file, on this disk or the network, that ffmpeg would read into the item).
 */
export function inputArguments(input: MediaInput): string[] {
  return ['-f', input.demuxer, '-format_whitelist', ACCEPTED_DEMUXERS, '-protocol_whitelist', 'file', '-i', input.path];
}

/** Goes before each output file: ffmpeg writes local files (HLS segments and playlists included), and nothing else. */
export const OUTPUT_TO_FILES = ['-protocol_whitelist', 'file'] as const;

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

export async function probe(input: MediaInput, signal?: AbortSignal): Promise<ProbeResult> {
  const output = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArguments(input)], signal ? { signal } : {});
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
