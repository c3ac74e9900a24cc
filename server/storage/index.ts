/** What other rooms use of server/storage/ (docs/architecture.md): its public surface. */
export { createStorage, mediaRoot } from './create-storage.ts';
export { createDiskStorage } from './disk-storage.ts';
export { createS3Storage } from './s3-storage.ts';
export type { OpenedFile, Storage } from './storage.ts';
