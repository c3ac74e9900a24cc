/**
 * A real S3-protocol server for tests (s3rver, DESIGN.md "Testing added"),
 * on a free port with its own folder and one bucket, and the environment that
 * points a server at it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

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
