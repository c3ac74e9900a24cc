/**
 * The run reads the uploaded file again, as the dry run did: copied from
 * storage (the local disk or a bucket) to a file of this server's own, which
 * the readers open by path (a zip is read with random access).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../storage/index.ts';

/** The local copy's path; the caller removes it. Undefined when storage no longer has the file. */
export async function copyUploadToDisk(storage: Storage, key: string, workDir: string): Promise<string | undefined> {
  const opened = await storage.open(key);
  if (!opened) return undefined;
  await mkdir(workDir, { recursive: true });
  const filePath = path.join(workDir, `run-${randomUUID()}`);
  try {
    await pipeline(opened.body, createWriteStream(filePath, { mode: 0o600 }));
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  return filePath;
}
