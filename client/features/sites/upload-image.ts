/**
 * Sends one picture to the tus endpoint (/api/uploads, DESIGN.md "Content")
 * with its file name and type, reporting progress. The media id is the last
 * segment of the upload's URL. A cropped picture is small and made anew each
 * time, so it is not kept for resuming after a reload.
 */
import { Upload } from 'tus-js-client';
import { UPLOADS_PATH } from '../../../common/api/media.ts';

export interface ImageUpload {
  /** Resolves to the media id. */
  done: Promise<string>;
  abort: () => void;
}

/** The HTTP status the server refused an upload with, or 0 when it never answered. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Upload failed (${status})`);
    this.status = status;
  }
}

export function uploadImage(blob: Blob, filename: string, onProgress: (fraction: number) => void): ImageUpload {
  let upload: Upload | undefined;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(blob, {
      endpoint: UPLOADS_PATH,
      metadata: { filename, filetype: blob.type },
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onError: (error) => {
        const status = 'originalResponse' in error ? (error.originalResponse?.getStatus() ?? 0) : 0;
        reject(new UploadError(status));
      },
      onSuccess: () => {
        const id = upload?.url?.split('/').filter(Boolean).at(-1);
        if (id) resolve(id);
        else reject(new UploadError(0));
      },
    });
    upload.start();
  });
  return { done, abort: () => void upload?.abort(true) };
}
