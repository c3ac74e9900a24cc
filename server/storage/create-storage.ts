/** The store of this installation: S3 when configured, else the disk under DATA_DIR/media. */
import path from 'node:path';
import type { Config } from '../config/index.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export function mediaRoot(config: Config): string {
  return path.join(config.dataDir, 'media');
}

export function createStorage(config: Config): Storage {
  return config.media.s3 ? createS3Storage(config.media.s3) : createDiskStorage(mediaRoot(config));
}
