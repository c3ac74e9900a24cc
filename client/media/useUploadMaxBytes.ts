/**
 * The largest upload the server takes (`UPLOAD_MAX_BYTES`), from its public
 * config when it says so, else DESIGN.md's default. The server refuses a larger
 * upload anyway; knowing the limit here refuses it before a byte is sent.
 */
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../common/media.ts';
import { usePublicConfig } from '../app/public-config.tsx';

export function useUploadMaxBytes(): number {
  const configured = (usePublicConfig() as { uploadMaxBytes?: unknown } | undefined)?.uploadMaxBytes;
  return typeof configured === 'number' && configured > 0 ? configured : DEFAULT_UPLOAD_MAX_BYTES;
}
