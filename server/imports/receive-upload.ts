/**
 * `POST /api/imports`'s multipart body: its small fields, and its one file
 * streamed to a temp file under DATA_DIR (never held in memory: an export can
 * be gigabytes). Past the byte limit the answer is 413 and the partial file is
 * removed; so it is on any other failure. @fastify/busboy parses the parts: a
 * maintained fork of busboy, with its own types (docs/decisions/160).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { AppError, badRequest } from '../errors.ts';

export interface ReceivedUpload {
  fields: Record<string, string>;
  filePath: string;
  /** As the creator's computer named it; only shown, never a path. */
  fileName: string;
  bytes: number;
}

const FIELD_LIMITS = { fields: 10, fieldSize: 4096, fieldNameSize: 100, files: 1, parts: 12, headerPairs: 20 };
/** A file name is shown in the list: kept short and printable. */
const NAME_MAX_LENGTH = 200;

function shownName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return base.slice(0, NAME_MAX_LENGTH) || 'upload';
}

/** Streams the request's file into `dir`; the caller removes `filePath` once done with it. */
export async function receiveUpload(req: Request, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  const contentType = req.headers['content-type'];
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw badRequest('invalid-input', 'file');
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `upload-${randomUUID()}`);
  const fields: Record<string, string> = {};
  let file: { name: string; written: Promise<void>; stream: BusboyFileStream } | undefined;
  let tooLarge = false;
  try {
    const parser = Busboy({ headers: { ...req.headers, 'content-type': contentType }, limits: { ...FIELD_LIMITS, fileSize: maxBytes } });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, fileName) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      stream.on('limit', () => {
        tooLarge = true;
      });
      file = { name: shownName(fileName), stream, written: pipeline(stream, createWriteStream(filePath, { mode: 0o600 })) };
    });
    await pipeline(req, parser);
    if (file) await file.written;
  } catch (error) {
    await rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw badRequest('invalid-input', 'file');
  }
  if (tooLarge || file?.stream.truncated) {
    await rm(filePath, { force: true });
    throw new AppError('payload-too-large', 413, 'file');
  }
  if (!file) throw badRequest('invalid-input', 'file');
  return { fields, filePath, fileName: file.name, bytes: (await stat(filePath)).size };
}
