/**
 * The members export's pages as CSV text (members-export.ts writes them), in the list's
 * order, one keyset page at a time (never the whole list in memory).
 */
import type { MembersQueryData } from '../../common/member-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { csvLines } from './members-export.ts';
import { readExportPage, type ExportPage } from './members-query.ts';

/** Rows per export query: big enough that round trips do not dominate, small enough to stream. */
const EXPORT_BATCH = 1000;

/**
 * The next page is read while the caller writes this one, so Postgres and the CSV writer work side by side;
 * at most two pages are held.
 */
export async function* exportPages(db: Database, siteId: string, query: MembersQueryData): AsyncGenerator<string> {
  const read = (cursor: string | undefined) => readExportPage(db, siteId, { ...query, page: undefined, cursor, limit: EXPORT_BATCH });
  let pending: Promise<ExportPage> | undefined = read(undefined);
  try {
    while (pending) {
      const page: ExportPage = await pending;
      pending = page.next ? read(page.next) : undefined;
      if (page.rows.length > 0) yield csvLines(page.rows);
    }
  } finally {
    // A reader who left stops the loop; the page already asked for is awaited, not left to reject unheard.
    await pending?.catch(() => undefined);
  }
}
