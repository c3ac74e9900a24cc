/** Audio: its duration, and AAC in M4A, which every browser plays. */
import path from 'node:path';
import type { MediaDerived } from '../../../common/media.ts';
import { ffmpeg, inputArguments, OUTPUT_TO_FILES, probe, ToolFailedError, type MediaInput } from './ffmpeg.ts';
import { UnprocessableMediaError } from './unprocessable.ts';

const UNREADABLE_AUDIO = 'We could not read this audio file. It may be damaged or in a format we do not support. Try exporting it again as MP3 or M4A.';

export async function processAudio(input: MediaInput, outDir: string, { signal, onProgress }: { signal: AbortSignal; onProgress: (fraction: number) => void }): Promise<MediaDerived> {
  const probed = await probe(input, signal).catch((error: unknown) => {
    if (error instanceof ToolFailedError || error instanceof SyntaxError) throw new UnprocessableMediaError(UNREADABLE_AUDIO);
    throw error;
  });
  if (!probed.hasAudio) throw new UnprocessableMediaError('This file has no sound we can read. If it is a video, upload it as a video.');
  const duration = probed.durationSeconds;
  try {
    await ffmpeg([...inputArguments(input), '-vn', '-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', ...OUTPUT_TO_FILES, path.join(outDir, 'audio.m4a')], {
      signal,
      ...(duration ? { durationSeconds: duration } : {}),
      onProgress,
    });
  } catch (error) {
    if (error instanceof ToolFailedError && !signal.aborted) throw new UnprocessableMediaError(UNREADABLE_AUDIO);
    throw error;
  }
  return { ...(duration ? { durationSeconds: duration } : {}), audio: 'audio.m4a' };
}
