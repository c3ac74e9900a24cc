/**
 * PGlite is Postgres inside this process. A second process opening the same
 * folder would run a second Postgres on the same files, which corrupts them,
 * and neither would see the other's changes (no NOTIFY crosses processes).
 * A lock file beside the folder, holding the owner's pid, makes the second
 * opener stop with one clear line; a lock left by a process that died is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Another live process holds the folder: the CLI then goes through that server's API instead (docs/decisions/071). */
export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
}

/** Takes the lock of the embedded database in `dataDir`; returns how to let it go. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && isRunning(holder)) {
      throw new EmbeddedDatabaseInUseError(
        `the embedded database in ${dataDir} is in use by another process (pid ${holder}), such as a running server: ` +
          'stop it first, or set DATABASE_URL to a Postgres server, which any number of processes can share',
      );
    }
    rmSync(lockFile, { force: true });
  }
}
