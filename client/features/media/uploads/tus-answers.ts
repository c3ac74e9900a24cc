/**
 * What the server's answers to tus mean for the upload queue: the words for
 * an upload the server or the network stopped, whether to try again, and the
 * uploads of an earlier visit that tus-js-client remembers.
 */
import type { DetailedError, PreviousUpload } from 'tus-js-client';
import { UPLOADS_PATH } from '../../../../common/api/media.ts';
import { UPLOAD_FAILURE_COPY } from '../../../content/media.ts';
import type { UnfinishedUpload } from './upload-queue-state.ts';

/** The code of a refusal of ours: the server answers tus requests it refuses in the API's error shape. */
function refusalCodeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
}

/** The words for an upload the server or the network stopped. */
export function failureMessageOf(status: number, body: string): string {
  const code = refusalCodeOf(body);
  // Also a 413, for the site rather than the file: told by its code before the status.
  if (code === 'storage-quota-exceeded') return UPLOAD_FAILURE_COPY.storageFull;
  if (status === 413 || code === 'payload-too-large') return UPLOAD_FAILURE_COPY.tooLarge;
  if (status === 415 || code === 'unsupported-media-type') return UPLOAD_FAILURE_COPY.refusedType;
  if (code === 'site-required') return UPLOAD_FAILURE_COPY.siteRequired;
  if (status === 401 || code === 'unauthenticated') return UPLOAD_FAILURE_COPY.signedOut;
  if (status === 0) return UPLOAD_FAILURE_COPY.network;
  return UPLOAD_FAILURE_COPY.other;
}

/**
 * tus's own rule (retry a lost connection, a server error, a lock or an offset
 * conflict), except a refusal of ours, which says why in its body and would
 * only be refused again; told to the queue so it can say "retrying".
 */
export function shouldRetry(error: DetailedError): boolean {
  const response = error.originalResponse;
  const status = response?.getStatus() ?? 0;
  if (response && refusalCodeOf(response.getBody()) !== undefined) return false;
  const retryable = status === 0 || status >= 500 || status === 409 || status === 423;
  return retryable && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/** An upload of an earlier visit that tus-js-client remembers, if it went to our endpoint. */
export function unfinishedOf(previous: PreviousUpload): UnfinishedUpload | undefined {
  // tus-js-client's storage key holds the fingerprint, which ends with the endpoint.
  if (!previous.uploadUrl || !previous.urlStorageKey?.includes(`-${UPLOADS_PATH}::`)) return undefined;
  return {
    storageKey: previous.urlStorageKey,
    uploadUrl: previous.uploadUrl,
    name: previous.metadata.filename ?? 'Untitled file',
    bytesTotal: previous.size ?? 0,
    startedAt: previous.creationTime,
  };
}
