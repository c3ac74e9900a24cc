/**
 * A real S3-protocol server for tests (s3rver, DESIGN.md "Testing added"),
 * on a free port with its own folder and one bucket, and the environment that
 * points a server at it.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

interface S3rverObject { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> }
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver 3.7.1 answers a PUT when its hashing stream finishes, before the
 * file stream behind it has opened and flushed the file, so a GET straight
 * after can find no object (seen in CI: a 404 for a key just stored). This
 * writes the same file and metadata, and answers only once the file is closed.
 */
function awaitObjectWrites(store: FilesystemStore): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(content, count, createWriteStream(objectPath));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

export interface TestS3Server {
  bucket: string;
  endpoint: string;
  /** S3_* variables for startTestServer's env. */
  env: Record<string, string>;
  /** The folder s3rver keeps objects in, to prove what was or was not stored. */
  directory: string;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'media-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }], vhostBuckets: false });
  awaitObjectWrites((server as unknown as { store: FilesystemStore }).store);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
