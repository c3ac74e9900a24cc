/** Storage on the local disk (the default): one file per key under a root folder, which several servers may share as a volume. */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage.ts';

export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** Writes beside the target and renames, so a reader never sees half a file. */
  async function writeAtomically(key: string, write: (temporary: string) => Promise<void>) {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'disk',
    async put(key: string, body: Readable) {
      await writeAtomically(key, (temporary) => pipeline(body, createWriteStream(temporary)));
    },
    async putFile(key, filePath, options = {}) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (options.move) {
        try {
          await rename(filePath, target);
          return;
        } catch (error) {
          // Another file system (a volume mounted elsewhere): copy, then remove.
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      await writeAtomically(key, (temporary) => copyFile(filePath, temporary));
      if (options.move) await unlink(filePath);
    },
    async size(key) {
      const found = await stat(pathOf(key)).catch(() => undefined);
      return found?.isFile() ? found.size : undefined;
    },
    async open(key, range) {
      const filePath = pathOf(key);
      const found = await stat(filePath).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      const body = range ? createReadStream(filePath, { start: range.start, end: range.end }) : createReadStream(filePath);
      return { size: found.size, body };
    },
    async deletePrefix(prefix) {
      const trimmed = prefix.replace(/\/$/, '');
      await rm(pathOf(trimmed), { recursive: true, force: true });
    },
    localPath: (key) => pathOf(key),
  };
}
