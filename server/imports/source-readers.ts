/** Which reader reads which source's file (server/imports/sources/): the dry run and the run ask here, and know no source. */
import type { ImportSource } from '../../common/api/imports.ts';
import { AppError } from '../errors.ts';
import { readGhostExport } from './sources/ghost.ts';
import { readMailchimpExport } from './sources/mailchimp.ts';
import { readPatreonCsv } from './sources/patreon.ts';
import type { SourceReader } from './sources/source-bundle.ts';
import { readSubstackExport } from './sources/substack.ts';
import { readWordpressWxr } from './sources/wordpress.ts';

/** Our own export's reader (part D) is not wired yet: its source is refused as a file that cannot be imported. */
const SOURCE_READERS: Readonly<Partial<Record<ImportSource, SourceReader>>> = {
  substack: readSubstackExport,
  ghost: readGhostExport,
  wordpress: readWordpressWxr,
  patreon: readPatreonCsv,
  mailchimp: readMailchimpExport,
};

export function readerOf(source: ImportSource): SourceReader {
  const reader = SOURCE_READERS[source];
  if (!reader) throw new AppError('invalid-import', 400, 'source');
  return reader;
}
