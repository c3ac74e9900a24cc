/**
 * Reference peer of the cached-page rows: raw `node:http`, no framework,
 * answering every request with one page held in memory, the very bytes and
 * headers the product sent for it (read from PAGE_FILE, written by
 * bench/site.bench.ts). The floor of what any server can do for a kept page.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const page = JSON.parse(readFileSync(process.env.PAGE_FILE!, 'utf8')) as { headers: string[]; body: string };
const body = Buffer.from(page.body, 'base64');

createServer((_req, res) => {
  res.writeHead(200, page.headers);
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
