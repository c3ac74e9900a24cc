/**
 * The address guard against real HTTP servers on loopback (docs/decisions/154):
 * a good image lands in the file; a hanging answer, a huge body, a text given
 * as an image, a 404 and too many redirects are refused in the creator's
 * words with no file left behind; a redirect to the cloud metadata address is
 * refused even where private addresses are allowed; and with them not allowed,
 * loopback is refused by address, by its IPv4-mapped form and by name, before
 * any connection reaches the server.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefused, createAddressGuard } from '../../server/address-guard/index.ts';

let dir: string;
let server: Server;
let base: string;
let png: Buffer;
/** Paths the server was asked for, to prove a refused address was never reached. */
const asked: string[] = [];
/** Answers left hanging, ended when the file's tests are done. */
const hanging = new Set<ServerResponse>();

const routes: Record<string, (res: ServerResponse) => void> = {
  '/sunrise.png': (res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png),
  '/hangs.png': (res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png.subarray(0, 100));
    hanging.add(res);
  },
  '/to-metadata': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/endless.png': (res) => {
    // Chunked, no length declared: only counting the bytes as they come can stop it.
    res.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (res.write(chunk));
      res.once('drain', pump);
    };
    res.once('close', () => res.removeAllListeners('drain'));
    pump();
  },
  '/declared-huge.png': (res) => {
    // Headers alone: the declared length refuses it before a byte of the body.
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(10 * 1024 ** 3) }).flushHeaders();
    hanging.add(res);
  },
  '/notes.txt': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end('Not a picture at all, whatever the header says.'),
  '/gone.png': (res) => res.writeHead(404).end('missing'),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'address-guard-'));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.pathname);
    // /hop/N redirects N more times, relatively, then lands on the image.
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(301, { location: left > 1 ? `/hop/${left - 1}` : '/sunrise.png' }).end();
      return;
    }
    const route = routes[url.pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const loopbackAllowed = createAddressGuard({ allowPrivateAddresses: true });
const publicOnly = createAddressGuard({ allowPrivateAddresses: false });
const limits = { timeoutMs: 20_000, maxBytes: 1024 ** 2 };
let files = 0;
const target = () => path.join(dir, `fetched-${(files += 1)}`);

async function refusal(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AddressRefused)) throw new Error(`expected AddressRefused, got ${String(error)}`);
  return { reason: error.reason, message: error.message };
}

describe('the address guard', () => {
  it('fetches an image into the file, following redirects up to five', async () => {
    const dest = target();
    const fetched = await loopbackAllowed.fetchToFile(`${base}/sunrise.png`, dest, { ...limits, accept: 'image' });
    expect(fetched).toEqual({ contentType: 'image/png', bytes: png.length, finalUrl: `${base}/sunrise.png` });
    expect(await readFile(dest)).toEqual(png);

    const redirected = target();
    const afterHops = await loopbackAllowed.fetchToFile(`${base}/hop/5`, redirected, { ...limits, accept: 'image' });
    expect(afterHops.finalUrl).toBe(`${base}/sunrise.png`);
    expect(await readFile(redirected)).toEqual(png);
  });

  it('refuses a sixth redirect', async () => {
    const dest = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/hop/6`, dest, limits))).toEqual({ reason: 'too-many-redirects', message: 'It redirects more than 5 times.' });
    expect(existsSync(dest)).toBe(false);
  });

  it('gives up on an answer that hangs when the whole request passes its time, and removes the partial file', async () => {
    const dest = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/hangs.png`, dest, { ...limits, timeoutMs: 300 }))).toEqual({ reason: 'timeout', message: 'It took longer than 1 second.' });
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses a redirect to the cloud metadata address even where private addresses are allowed', async () => {
    const dest = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/to-metadata`, dest, limits))).toEqual({ reason: 'private-address', message: 'The address points to a private network.' });
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses loopback by address, by its IPv4-mapped form and by name when private addresses are not allowed, before connecting', async () => {
    const port = new URL(base).port;
    asked.length = 0;
    for (const url of [`http://127.0.0.1:${port}/sunrise.png`, `http://[::ffff:127.0.0.1]:${port}/sunrise.png`, `http://localhost:${port}/sunrise.png`]) {
      expect(await refusal(publicOnly.fetchToFile(url, target(), limits)), url).toEqual({ reason: 'private-address', message: 'The address points to a private network.' });
    }
    expect(asked).toEqual([]);
  });

  it('stops a body past the byte limit as it streams, whether or not its length was declared', async () => {
    const endless = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/endless.png`, endless, { ...limits, maxBytes: 5 * 1024 ** 2 }))).toEqual({ reason: 'too-large', message: 'It is larger than 5 MB.' });
    expect(existsSync(endless)).toBe(false);
    const declared = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/declared-huge.png`, declared, limits))).toEqual({ reason: 'too-large', message: 'It is larger than 1 MB.' });
    expect(existsSync(declared)).toBe(false);
  });

  it('refuses a text file asked for as an image, whatever its declared type', async () => {
    const dest = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/notes.txt`, dest, { ...limits, accept: 'image' }))).toEqual({ reason: 'not-an-image', message: 'It is not an image.' });
    expect(existsSync(dest)).toBe(false);
    // Any file is taken when any is asked for.
    const any = target();
    expect((await loopbackAllowed.fetchToFile(`${base}/notes.txt`, any, limits)).bytes).toBeGreaterThan(0);
    expect(existsSync(any)).toBe(true);
  });

  it('names the status of a failed answer', async () => {
    const dest = target();
    expect(await refusal(loopbackAllowed.fetchToFile(`${base}/gone.png`, dest, limits))).toEqual({ reason: 'http-status', message: 'The server answered 404.' });
    expect(existsSync(dest)).toBe(false);
  });
});
