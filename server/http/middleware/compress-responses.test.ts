/**
 * What the compression middleware must leave alone, over real HTTP on
 * loopback: an answer someone already compressed (a cache of compressed
 * pages), and a server-sent event stream, whose events must arrive as written.
 */
import { once } from 'node:events';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compressResponses } from './compress-responses.ts';

const PAGE = `<!doctype html><p>${'Harbour notes. '.repeat(400)}</p>`;
const EVENTS = `data: ${'x'.repeat(2000)}\n\n`;

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(compressResponses());
  app.get('/cached', (_req, res) => {
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'br', Vary: 'Accept-Encoding' }).send(brotliCompressSync(PAGE));
  });
  app.get('/events', (_req, res) => {
    res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write(EVENTS);
    res.end();
  });
  app.get('/page', (_req, res) => {
    res.type('html').send(PAGE);
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
});

function get(path: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, origin), { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

it('compresses a page it writes itself', async () => {
  const answer = await get('/page');
  expect(answer.encoding).toBe('br');
  expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
});

it('passes on an answer already compressed, once', async () => {
  const answer = await get('/cached');
  expect(answer.encoding).toBe('br');
  expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
});

it('leaves a server-sent event stream uncompressed', async () => {
  const answer = await get('/events');
  expect(answer.encoding).toBeUndefined();
  expect(answer.body.toString()).toBe(EVENTS);
});
