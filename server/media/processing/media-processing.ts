/**
 * The `media.process` job: verify what the bytes really are, derive the web
 * formats beside the original, then publish them in one update (status,
 * derived files, progress) so nothing is ever half-published. Every derived
 * file is written to storage before that update; a server killed midway
 * leaves only files no row points to, which the retry overwrites.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { MediaDerived } from '../../../common/media.ts';
import type { Database } from '../../../db/connect.ts';
import { media } from '../../../db/content-schema.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../storage/index.ts';
import { MEDIA_PROCESS_RETRY_LIMIT, type MediaProcessJobData } from '../media-jobs.ts';
import { mediaPrefix, type MediaRow } from '../media-service.ts';
import { processAudio } from './process-audio.ts';
import { processImage } from './process-image.ts';
import { processVideo } from './process-video.ts';
import type { MediaInput } from './ffmpeg.ts';
import { confirmedType, demuxerOf, formatFitsKind, readHead, sniffFormat, type SniffedFormat } from './sniff.ts';
import { UnprocessableMediaError } from './unprocessable.ts';

/** Progress is written at most this often: the library polls it, the database need not take every frame. */
const PROGRESS_EVERY_MS = 1000;
const GAVE_UP = 'Processing this file failed several times. Please try uploading it again.';

const KIND_WORDS = { image: 'an image', video: 'a video', audio: 'an audio file', file: 'a PDF' } as const;

export interface ProcessingDeps {
  db: Database;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  /** Scratch space for downloads from S3 and for ffmpeg's output before it goes to storage. */
  workDir: string;
}

export interface MediaJob {
  data: MediaProcessJobData;
  retryCount: number;
  signal: AbortSignal;
}

export function createMediaProcessor({ db, storage, clock, logger, workDir }: ProcessingDeps) {
  async function setFailed(mediaId: string, reason: string) {
    await db
      .update(media)
      .set({ status: 'failed', failureReason: reason, updatedAt: clock() })
      .where(and(eq(media.id, mediaId), eq(media.status, 'processing')));
  }

  function progressWriter(mediaId: string) {
    let lastWrite = 0;
    let lastValue = -1;
    return (fraction: number) => {
      const value = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      const now = Date.now();
      if (value === lastValue || now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      lastValue = value;
      db.update(media)
        .set({ progress: value })
        .where(and(eq(media.id, mediaId), eq(media.status, 'processing')))
        .catch((error: unknown) => logger.warn({ err: error, mediaId }, 'could not record media progress'));
    };
  }

  /** A path ffmpeg and sharp can read: the file itself on disk, a download from S3. */
  async function localOriginal(row: MediaRow, scratch: string): Promise<string> {
    const onDisk = storage.localPath(row.storageKey);
    if (onDisk) return onDisk;
    const opened = await storage.open(row.storageKey);
    if (!opened) throw new Error(`original of media ${row.id} missing from storage`);
    const target = path.join(scratch, 'original');
    await pipeline(opened.body, createWriteStream(target));
    return target;
  }

  /** A video or audio input for ffmpeg, read as the demuxer of its sniffed format. */
  function mediaInput(input: string, format: SniffedFormat): MediaInput {
    const demuxer = demuxerOf(format);
    // formatFitsKind lets only formats with a demuxer through as video or audio.
    if (!demuxer) throw new Error(`no demuxer for the format ${format}`);
    return { path: input, demuxer };
  }

  /** What the bytes are (the type the original is then served as) and what processing made of them. */
  async function derive(row: MediaRow, input: string, outDir: string, signal: AbortSignal): Promise<{ type: string; derived: MediaDerived }> {
    const format = sniffFormat(await readHead(input));
    if (!formatFitsKind(format, row.kind)) {
      throw new UnprocessableMediaError(`This file is not ${KIND_WORDS[row.kind]}, although its name or type says so. Please upload the real file.`);
    }
    const type = confirmedType(format, row.type);
    const onProgress = progressWriter(row.id);
    switch (row.kind) {
      case 'image':
        return { type, derived: await processImage(input, outDir) };
      case 'video':
        return { type, derived: await processVideo(mediaInput(input, format), outDir, { signal, onProgress }) };
      case 'audio':
        return { type, derived: await processAudio(mediaInput(input, format), outDir, { signal, onProgress }) };
      case 'file':
        return { type, derived: {} };
    }
  }

  async function publishFiles(row: MediaRow, outDir: string) {
    const prefix = mediaPrefix(row.siteId, row.id);
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((candidate) => candidate.isFile())) {
      const absolute = path.join(entry.parentPath, entry.name);
      const relative = path.relative(outDir, absolute).split(path.sep).join('/');
      await storage.putFile(`${prefix}${relative}`, absolute, { move: true });
    }
  }

  return async function processMedia(job: MediaJob): Promise<void> {
    const { mediaId } = job.data;
    const [row] = await db.select().from(media).where(eq(media.id, mediaId)).limit(1);
    // Deleted meanwhile, or already settled by an earlier attempt: nothing to do.
    if (!row || row.status !== 'processing') return;
    await mkdir(workDir, { recursive: true });
    const scratch = await mkdtemp(path.join(workDir, `${mediaId}-`));
    try {
      const outDir = path.join(scratch, 'out');
      await mkdir(outDir);
      const input = await localOriginal(row, scratch);
      const { type, derived } = await derive(row, input, outDir, job.signal);
      await publishFiles(row, outDir);
      const published = await db
        .update(media)
        .set({ status: 'ready', type, derived, progress: 100, failureReason: null, updatedAt: clock() })
        .where(and(eq(media.id, mediaId), eq(media.status, 'processing')))
        .returning({ id: media.id });
      // Deleted while we worked: its files are ours to remove.
      if (published.length === 0) await storage.deletePrefix(mediaPrefix(row.siteId, row.id));
      logger.info({ mediaId, kind: row.kind }, 'media processed');
    } catch (error) {
      if (error instanceof UnprocessableMediaError) {
        logger.info({ mediaId, reason: error.reason }, 'media cannot be processed');
        await setFailed(mediaId, error.reason);
        return;
      }
      logger.error({ err: error, mediaId, attempt: job.retryCount }, 'media processing failed');
      if (job.retryCount >= MEDIA_PROCESS_RETRY_LIMIT) await setFailed(mediaId, GAVE_UP);
      throw error;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  };
}
