/**
 * APP_SECRET, or the one the server made (DESIGN.md "The creator's first hour"):
 * unset, the first start writes 32 random bytes to `$DATA_DIR/app-secret`
 * (mode 600) and says so once, never the value; every later start, and every
 * server sharing the DATA_DIR, reads that file. Backups carry the file
 * (server/backups/), so what it sealed still opens after a restore.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

/** The file's name under DATA_DIR; the backup archive carries it under the same name. */
const APP_SECRET_FILE = 'app-secret';

export const appSecretPath = (dataDir: string) => path.join(dataDir, APP_SECRET_FILE);

export async function resolveAppSecret({ configured, dataDir, logger }: { configured: string | undefined; dataDir: string; logger: Logger }): Promise<string> {
  if (configured) return configured;
  const file = appSecretPath(dataDir);
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (kept?.trim()) return kept.trim();
  await mkdir(dataDir, { recursive: true });
  const made = randomBytes(32).toString('base64url');
  // Written whole under a name of its own, then linked into place: two servers starting at once on one DATA_DIR
  // make one secret (the link of the second fails), and neither ever reads a half-written file.
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  await writeFile(partial, `${made}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  } finally {
    await unlink(partial);
  }
  logger.warn({ file }, `APP_SECRET is not set: made one in ${file} (mode 600). Keep it with the data, or set APP_SECRET to its value on every server`);
  return made;
}
