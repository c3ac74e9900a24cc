/** The media part of Config: where files live, and the limits of uploads and of media jobs. */
import type { Environment } from './environment.ts';

/** Where media files live (docs/decisions/034-media-storage-and-shared-uploads.md); unset S3: the local disk under DATA_DIR/media. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface MediaConfig {
  s3: S3Config | undefined;
  uploadMaxBytes: number;
  /** An upload untouched for this long is removed with its parts and its row. */
  uploadExpiryMs: number;
  /** Bytes of originals one site may hold, its unfinished uploads included (docs/decisions/062-site-storage-quota.md); 0: no limit. */
  siteStorageQuotaBytes: number;
  /** A media job whose server stops beating for this long goes to another server (docs/decisions/035-pg-boss-job-queue.md). */
  jobHeartbeatSeconds: number;
  queueSuperviseSeconds: number;
}

export function readMedia(env: Environment): MediaConfig {
  return {
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadExpiryMs: env.UPLOAD_EXPIRY_HOURS * 3600_000,
    siteStorageQuotaBytes: env.SITE_STORAGE_QUOTA_BYTES,
    jobHeartbeatSeconds: env.MEDIA_JOB_HEARTBEAT_SECONDS,
    queueSuperviseSeconds: env.QUEUE_SUPERVISE_SECONDS,
  };
}
