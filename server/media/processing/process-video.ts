/**
 * Videos: one ffmpeg pass makes every HLS rendition (fMP4 segments, the
 * renditions of VIDEO_RENDITION_HEIGHTS no taller than the source, at least
 * the smallest) under `hls/`, with a master playlist of relative URIs that
 * Safari plays natively and hls.js plays elsewhere; then a poster frame.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_RENDITION_HEIGHTS, type MediaDerived } from '../../../common/media.ts';
import { ffmpeg, inputArguments, OUTPUT_TO_FILES, probe, ToolFailedError, type MediaInput } from './ffmpeg.ts';
import { frameToPoster } from './process-image.ts';
import { UnprocessableMediaError } from './unprocessable.ts';

/** Video bitrate by rendition height; audio is AAC at 128 kb/s in each. */
const VIDEO_BITRATES: Record<number, string> = { 360: '800k', 720: '2800k', 1080: '5000k' };
const SEGMENT_SECONDS = 4;

export const UNREADABLE_VIDEO =
  'We could not read this video. It may be damaged or in a format we do not support. Try exporting it again as MP4 (H.264).';

export function renditionHeights(sourceHeight: number): number[] {
  const fitting = VIDEO_RENDITION_HEIGHTS.filter((height) => height <= sourceHeight);
  return fitting.length > 0 ? fitting : [VIDEO_RENDITION_HEIGHTS[0]];
}

export function hlsArguments(input: MediaInput, outDir: string, heights: number[], hasAudio: boolean): string[] {
  // Never upscale: a source below the smallest rendition keeps its own height (even, as H.264 needs).
  const scaled = heights.map((height, index) => `[s${index}]scale=-2:'min(${height},trunc(ih/2)*2)'[v${index}]`);
  const filter = `[0:v]split=${heights.length}${heights.map((_, index) => `[s${index}]`).join('')};${scaled.join(';')}`;
  const maps = heights.flatMap((_, index) => ['-map', `[v${index}]`, ...(hasAudio ? ['-map', '0:a:0'] : [])]);
  const bitrates = heights.flatMap((height, index) => [`-b:v:${index}`, VIDEO_BITRATES[height] ?? '2800k']);
  const streamMap = heights.map((height, index) => `v:${index}${hasAudio ? `,a:${index}` : ''},name:${height}p`).join(' ');
  return [
    ...inputArguments(input),
    '-filter_complex', filter,
    ...maps,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    ...bitrates,
    '-g', '48', '-keyint_min', '48', '-sc_threshold', '0',
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments',
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', path.join(outDir, 'hls', '%v', 'seg%d.m4s'),
    ...OUTPUT_TO_FILES,
    path.join(outDir, 'hls', '%v', 'index.m3u8'),
  ];
}

export async function processVideo(input: MediaInput, outDir: string, { signal, onProgress }: { signal: AbortSignal; onProgress: (fraction: number) => void }): Promise<MediaDerived> {
  const probed = await probe(input, signal).catch((error: unknown) => {
    if (error instanceof ToolFailedError || error instanceof SyntaxError) throw new UnprocessableMediaError(UNREADABLE_VIDEO);
    throw error;
  });
  if (!probed.video) throw new UnprocessableMediaError('This file has no video picture we can read. If it is a sound recording, upload it as audio.');
  const { width, height } = probed.video;
  const heights = renditionHeights(height);
  await mkdir(path.join(outDir, 'hls'), { recursive: true });
  const duration = probed.durationSeconds;
  try {
    await ffmpeg(hlsArguments(input, outDir, heights, probed.hasAudio), { signal, ...(duration ? { durationSeconds: duration } : {}), onProgress: (fraction) => onProgress(fraction * 0.95) });
    const frame = path.join(outDir, 'frame.png');
    const at = duration ? Math.min(1, duration / 2) : 0;
    await ffmpeg(['-ss', String(at), ...inputArguments(input), '-frames:v', '1', '-vf', `scale=-2:'min(720,trunc(ih/2)*2)'`, ...OUTPUT_TO_FILES, frame], { signal });
    const poster = await frameToPoster(frame, outDir);
    await rm(frame);
    return { width, height, ...(duration ? { durationSeconds: duration } : {}), hls: { playlist: 'hls/master.m3u8', heights }, ...poster };
  } catch (error) {
    // ffprobe read it but ffmpeg cannot decode it: the file, not the machine, is at fault.
    if (error instanceof ToolFailedError && !signal.aborted) throw new UnprocessableMediaError(UNREADABLE_VIDEO);
    throw error;
  }
}
