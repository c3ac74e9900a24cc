/**
 * Every media object of the store, by key: the files under `media/` on the disk or in
 * the bucket. The Storage interface reads and writes one key; a backup also needs the
 * list. Unfinished uploads (their parts under `uploads/`) and a file still being
 * written (`.partial`, renamed into place when whole) are not media objects yet.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

const MEDIA_KEY_PREFIX = 'media/';

export type KeyLister = () => AsyncIterable<string>;

export function diskKeys(root: string): KeyLister {
  return async function* list() {
    const top = path.join(root, MEDIA_KEY_PREFIX);
    const entries = await readdir(top, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const keys = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    yield* keys;
  };
}

export function bucketKeys(client: S3Client, bucket: string, prefix = MEDIA_KEY_PREFIX): KeyLister {
  return async function* list() {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith('/')) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  };
}
