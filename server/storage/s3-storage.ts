/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, R2) when S3_BUCKET is
 * set, shared by every server. Checksums only when the operation requires
 * them: the SDK's default (always) breaks on S3 servers that are not AWS
 * (DESIGN.md "Testing added").
 */
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/index.ts';
import { assertSafeKey, type Storage } from './storage.ts';

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function createS3Storage(config: S3Config): Storage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;

  async function put(key: string, body: Readable, size: number) {
    assertSafeKey(key);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size }));
  }

  return {
    kind: 's3',
    client,
    put,
    async putFile(key, filePath, options = {}) {
      const { size } = await stat(filePath);
      await put(key, createReadStream(filePath), size);
      if (options.move) await unlink(filePath);
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async open(key, range) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        // A ranged answer tells the whole size after the slash of Content-Range.
        const total = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : object.ContentLength;
        return { size: total ?? 0, body: object.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix.replace(/\/$/, ''));
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    localPath: () => undefined,
  };
}

