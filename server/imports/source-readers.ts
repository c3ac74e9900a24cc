/** Which reader reads which source's file (server/imports/sources/): the dry run and the run ask here, and know no source. */
import type { ImportSource } from '../../common/api/imports.ts';
import { readGhostExport } from './sources/ghost.ts';
import { readMailchimpExport } from './sources/mailchimp.ts';
import { readPlatformExport } from './sources/platform.ts';
import { readPatreonCsv } from './sources/patreon.ts';
import type { SourceReader } from './sources/source-bundle.ts';
import { readSubstackExport } from './sources/substack.ts';
import { readWordpressWxr } from './sources/wordpress.ts';

const SOURCE_READERS: Readonly<Record<ImportSource, SourceReader>> = {
  substack: readSubstackExport,
  ghost: readGhostExport,
  wordpress: readWordpressWxr,
  patreon: readPatreonCsv,
  mailchimp: readMailchimpExport,
  platform: readPlatformExport,
};

export function readerOf(source: ImportSource): SourceReader {
  return SOURCE_READERS[source];
}
