/** Reference peer for the upload row: a bare node:http server that pipes each request body to a file and answers 204. */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = mkdtempSync(path.join(tmpdir(), 'upload-peer-'));
let count = 0;
createServer((req, res) => {
  if (req.method === 'GET') return res.end('ok');
  count += 1;
  const file = path.join(dir, `upload-${count}`);
  pipeline(req, createWriteStream(file)).then(
    () => {
      rmSync(file, { force: true });
      res.writeHead(204).end();
    },
    () => res.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
