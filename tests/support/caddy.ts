/**
 * Debian's caddy running the repo's deploy/Caddyfile on loopback ports, with
 * its internal CA (`local_certs`) and every directory it writes in a temp
 * folder (HOME and XDG too), so it never touches the machine's trust store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const caddyAvailable = existsSync(CADDY_PATH);

if (!caddyAvailable) console.warn(`\n!!!! TLS tests SKIPPED: no caddy at ${CADDY_PATH} (apt-get install caddy) !!!!\n`);

export interface RunningCaddy {
  httpsPort: number;
  /** The PEM of the internal CA's root, to trust in a TLS client. */
  rootCertificate(): Promise<string>;
  /** Everything caddy printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts caddy in front of the app at 127.0.0.1:`appPort`; resolves once it listens. */
export async function startCaddy(appPort: number): Promise<RunningCaddy> {
  const home = await mkdtemp(path.join(tmpdir(), 'caddy-test-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  let output = '';
  const child: ChildProcess = spawn(CADDY_PATH, ['run', '--config', path.resolve('deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      CADDY_ADMIN: 'off',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      APP_HOST: '127.0.0.1',
      APP_PORT: String(appPort),
      CADDY_EXTRA_OPTIONS: 'local_certs\n\tskip_install_trust',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // No sleep: ask the port until it answers, or fail with caddy's own words once it has exited.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${output}`);
    if (await portOpen(httpsPort)) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    httpsPort,
    rootCertificate: () => readFile(path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}
