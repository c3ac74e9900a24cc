/**
 * tus's Locker shared by every server on one Postgres (ISSUE9 item 5): a PATCH
 * to one upload holds a session-level advisory lock, so two servers never
 * append to the same parts at once. One dedicated connection holds this
 * server's locks (a session may hold many keys; the in-process map keeps two
 * local requests from sharing one). A request that finds the lock taken asks
 * the holder, wherever it runs, to let go (tus's cancel: a client that
 * reconnected elsewhere should not wait out its own dead request), by NOTIFY.
 * PGlite is one process by design, so tus's in-memory locker is right there.
 */
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import postgres from 'postgres';
import type { DatabaseHandle, Unlisten } from '../../db/connect.ts';

const RELEASE_CHANNEL = 'tus_upload_release';
const RETRY_MS = 50;

export interface SharedLocker extends Locker {
  close(): Promise<void>;
}

export interface LockerOptions {
  /** How long a request waits for the lock before tus answers it with a timeout. */
  acquireTimeoutMs?: number;
}

export async function createUploadLocker(database: DatabaseHandle, options: LockerOptions = {}): Promise<SharedLocker> {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  if (database.kind === 'pglite' || !database.url) {
    const memory = new MemoryLocker({ acquireLockTimeout: acquireTimeoutMs });
    return { newLock: (id) => memory.newLock(id), close: async () => {} };
  }
  const connection = postgres(database.url, { max: 1, idle_timeout: 0, onnotice: () => {} });
  const held = new Map<string, RequestRelease>();
  const unlisten: Unlisten = await database.listen(RELEASE_CHANNEL, (id) => {
    void held.get(id)?.();
  });
  const keyOf = (id: string) => `tus:${id}`;

  function newLock(id: string): Lock {
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = false;
        for (;;) {
          if (signal.aborted || Date.now() > deadline) throw Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
          const localHolder = held.get(id);
          if (localHolder) {
            if (!asked) await localHolder();
          } else {
            // Claimed in the map before the query: a second local request waits instead of re-entering the session's lock.
            held.set(id, requestRelease);
            const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtextextended(${keyOf(id)}, 0)) as locked`.catch(
              (error: unknown) => {
                held.delete(id);
                throw error;
              },
            );
            if (row?.locked) return;
            held.delete(id);
            if (!asked) await connection`select pg_notify(${RELEASE_CHANNEL}, ${id})`;
          }
          asked = true;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      },
      async unlock() {
        if (!held.delete(id)) throw new Error('Releasing an unlocked lock!');
        await connection`select pg_advisory_unlock(hashtextextended(${keyOf(id)}, 0))`;
      },
    };
  }

  return {
    newLock,
    async close() {
      await unlisten();
      await connection.end({ timeout: 5 });
    },
  };
}
