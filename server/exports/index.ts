/** What other rooms use of server/exports/ (docs/architecture.md): its public surface. */
export { createExports } from './create-exports.ts';
export { exportQueues } from './export-queue.ts';
export { createExportsFeature } from './exports-feature.ts';
export {
  COMMENTS_FILE,
  EXPORT_FORMAT_VERSIONS_READ,
  MANIFEST_FILE,
  MEDIA_FILE,
  MEMBERS_FILE,
  REDIRECTS_FILE,
  SITE_FILE,
  type ExportedComment,
  type ExportedMedia,
  type ExportedOffer,
  type ExportedPost,
  type ExportedProduct,
  type ExportedRedirect,
  type ExportedSettings,
  type ExportedSite,
  type ExportedTier,
  type ExportManifest,
} from './export-format.ts';
