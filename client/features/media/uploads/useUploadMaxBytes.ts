/**
 * The largest upload the server takes (`UPLOAD_MAX_BYTES`), from its public
 * config (in the boot state, so known at once); DESIGN.md's default only in
 * the rare load that has no config yet. The server refuses a larger upload
 * anyway; knowing the limit here refuses it before a byte is sent.
 */
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../../../common/media.ts';
import { usePublicConfig } from '../../../app/public-config.tsx';

export function useUploadMaxBytes(): number {
  return usePublicConfig()?.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}
