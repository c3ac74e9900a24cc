/**
 * Backups under writes (issue 27 item 7): a loop of writes a creator makes over HTTP while
 * a backup is taken, and the checks that a restored instance lost nothing the archive
 * counted and holds nothing half-written.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MediaDerived } from '../../common/media.ts';
import type { Database } from '../../db/connect.ts';
import { media, postMedia, posts } from '../../db/content-schema.ts';
import type { BackupManifest } from '../../server/backups/index.ts';
import type { TestClient } from './http-client.ts';
import { makeJpeg, uploadBytes, waitForMedia } from './media.ts';

/** Titles of the posts the loop writes: each embeds every one of `embedded`, in one request. */
export const LOOP_TITLE = 'written during the backup';

export interface WriteLoop {
  /** Resolves once the loop has made `count` more writes than when called. */
  passes(count: number): Promise<void>;
  /** Stops after the write in hand; answers how many posts it made. */
  stop(): Promise<number>;
}

/**
 * Writes until stopped: a post embedding the given media (the post and its post_media rows are
 * one transaction), and every third turn a new upload and the delete of the upload before it,
 * once processed (files written and removed while the backup reads the store). Every answer is checked.
 */
export function startWriteLoop(baseUrl: string, client: TestClient, embedded: readonly string[], deleteMedia: (id: string) => Promise<number>): WriteLoop {
  let running = true;
  let turns = 0;
  let postsMade = 0;
  const waiting: { at: number; resolve: () => void }[] = [];
  const mediaNodes = embedded.map((id) => ({ type: 'media', attrs: { id } }));
  const done = (async () => {
    let lastUpload: string | undefined;
    const jpeg = await makeJpeg(64, 48);
    while (running) {
      turns += 1;
      const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Turn ${turns}` }] }, ...mediaNodes] };
      const created = await client.post('/api/posts', { title: `${LOOP_TITLE} ${turns}`, body });
      expect(created.status, created.text).toBe(201);
      postsMade += 1;
      if (turns % 3 === 0) {
        // Settled first: a delete while processing still writes the item's files is another race than the backup's.
        if (lastUpload) await waitForMedia(client, lastUpload);
        if (lastUpload) expect(await deleteMedia(lastUpload)).toBe(204);
        lastUpload = await uploadBytes(baseUrl, client, jpeg, `loop-${turns}.jpg`, 'image/jpeg');
      }
      for (const waiter of waiting.filter((entry) => turns >= entry.at)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  })();
  return {
    passes: (count) => new Promise<void>((resolve, reject) => {
      waiting.push({ at: turns + count, resolve });
      done.catch(reject);
    }),
    async stop() {
      running = false;
      await done;
      return postsMade;
    },
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The restored database and store against the archive's manifest: every table holds the rows the
 * manifest counted, every post of the loop has all its media rows, and every file a row names is in
 * the store with the bytes the archive holds (so the same bytes the source store held when copied).
 */
export async function expectRestoredWhole({ db, manifest, mediaRoot, embedded }: { db: Database; manifest: BackupManifest; mediaRoot: string; embedded: number }) {
  for (const [table, rows] of Object.entries(manifest.tables)) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sql`public.${sql.identifier(table)}`);
    expect(row?.count, table).toBe(rows);
  }
  const loopPosts = await db
    .select({ id: posts.id, uses: sql<number>`(select count(*)::int from ${postMedia} where ${postMedia.postId} = ${posts.id})` })
    .from(posts)
    .where(like(posts.title, `${LOOP_TITLE}%`));
  expect(loopPosts.length).toBeGreaterThan(0);
  for (const post of loopPosts) expect(post.uses, `post ${post.id}`).toBe(embedded);

  const named = await db.select().from(media).where(eq(media.status, 'ready'));
  expect(named.length).toBeGreaterThan(0);
  for (const row of named) {
    const files = ['original', ...namedFiles(row.derived)];
    for (const file of files) {
      const key = `media/${row.siteId}/${row.id}/${file}`;
      const bytes = await readFile(path.join(mediaRoot, ...key.split('/')));
      expect(sha256(bytes), key).toBe(manifest.files[`store/${key}`]);
    }
  }
}

function namedFiles(derived: MediaDerived): string[] {
  return [...(derived.images ?? []).map((image) => image.file), ...[derived.poster, derived.thumbnail, derived.audio, derived.mp4].filter((file): file is string => Boolean(file))];
}
