/**
 * An import as the studio drives it, over HTTP: the file posted as multipart
 * (`POST /api/imports`), the run started, and its status read until it
 * settles. Shared by the imports' integration tests and the round trip.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expect } from 'vitest';
import type { ImportRunInput, ImportSource, ImportView } from '../../common/api/imports.ts';
import { sendJson, type Creator } from './creator-site.ts';
import type { TestResponse } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/** Posts `file` (a path or the bytes) as the studio's upload does; answers the raw response. */
export async function uploadImport(server: TestServer, creator: Creator, source: ImportSource, file: string | Buffer, fields: { fileName?: string; sourceUrl?: string } = {}): Promise<TestResponse<{ import: ImportView }>> {
  const bytes = typeof file === 'string' ? await readFile(file) : file;
  const form = new FormData();
  form.set('source', source);
  if (fields.sourceUrl) form.set('sourceUrl', fields.sourceUrl);
  form.set('file', new Blob([new Uint8Array(bytes)]), fields.fileName ?? (typeof file === 'string' ? basename(file) : 'export.zip'));
  const cookie = [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL('/api/imports', server.url), { method: 'POST', headers: { cookie, origin: new URL(server.url).origin }, body: form });
  const text = await response.text();
  const body = response.headers.get('content-type')?.includes('application/json') ? (JSON.parse(text) as { import: ImportView }) : (text as unknown as { import: ImportView });
  return { status: response.status, headers: response.headers, body, text };
}

/** The dry run, which must succeed. */
export async function dryRun(server: TestServer, creator: Creator, source: ImportSource, file: string | Buffer, fields: { fileName?: string; sourceUrl?: string } = {}): Promise<ImportView> {
  const answer = await uploadImport(server, creator, source, file, fields);
  expect(answer.status, answer.text).toBe(201);
  return answer.body.import;
}

export function startImport(server: TestServer, creator: Creator, id: string, input: ImportRunInput = {}): Promise<TestResponse<{ import: ImportView }>> {
  return sendJson<{ import: ImportView }>(server, creator.client, 'POST', `/api/imports/${id}/run`, input);
}

/** Reads the import until it is no longer running (the run is the queue's: a few seconds, a minute at most). */
export async function settledImport(creator: Creator, id: string, timeoutMs = 120_000): Promise<ImportView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await creator.client.get<{ import: ImportView }>(`/api/imports/${id}`);
    expect(answer.status, answer.text).toBe(200);
    if (answer.body.import.status !== 'running') return answer.body.import;
    if (Date.now() > until) throw new Error(`import ${id} still running after ${timeoutMs} ms: ${JSON.stringify(answer.body.import.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Dry run, run, and the settled import, which must be done. */
export async function importToDone(server: TestServer, creator: Creator, source: ImportSource, file: string | Buffer, input: ImportRunInput = {}): Promise<ImportView> {
  const planned = await dryRun(server, creator, source, file);
  const started = await startImport(server, creator, planned.id, input);
  expect(started.status, started.text).toBe(200);
  const settled = await settledImport(creator, planned.id);
  expect(settled.status, settled.failure ?? '').toBe('done');
  return settled;
}
