/**
 * A Postgres cluster of a test's own (initdb + pg_ctl in a temporary folder,
 * on a free loopback port), which the test may stop and start like an outage.
 * As root the binaries run as the `postgres` OS user, which Postgres requires.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Debian's layout; PG_BIN_DIR names another. */
export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `fast`: clients are disconnected at once, as when the database host goes away. */
  stop(): Promise<void>;
  /** Stops it if running and deletes its folder; safe to call after any failure. */
  destroy(): Promise<void>;
}

async function asPostgresUser(binary: string, args: string[]): Promise<void> {
  const command = path.join(PG_BIN_DIR, binary);
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!existsSync(path.join(PG_BIN_DIR, 'initdb')) || !existsSync(path.join(PG_BIN_DIR, 'pg_ctl'))) {
    throw new Error(`initdb and pg_ctl are not in ${PG_BIN_DIR} (apt-get install postgresql, or set PG_BIN_DIR)`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'private-pg-'));
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  let running = false;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await asPostgresUser('pg_ctl', [
        '-D', dataDir,
        '-l', path.join(folder, 'server.log'),
        '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
        '-w', '-t', '60',
        'start',
      ]);
      running = true;
    },
    async stop() {
      await asPostgresUser('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await asPostgresUser('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      await rm(folder, { recursive: true, force: true });
    },
  };
  try {
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      await chown(folder, Number(stdout.trim()), Number(group.trim()));
    }
    await asPostgresUser('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await instance.start();
    return instance;
  } catch (error) {
    await instance.destroy();
    throw error;
  }
}
