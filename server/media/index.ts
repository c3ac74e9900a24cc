/** What other rooms use of server/media/ (docs/architecture.md): its public surface. */
export { fileKindOf, type FileKind } from './file-kind.ts';
export type { FileToImport, ImportedFile } from './import-file.ts';
export { createMediaFeature } from './media-feature.ts';
export { mediaQueues } from './media-jobs.ts';
export { createMedia } from './media-module.ts';
export { filesOf, mediaPrefix } from './media-service.ts';
export { contentDisposition, streamStoredFile } from './stream-stored-file.ts';
