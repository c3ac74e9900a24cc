/**
 * The clean-up job's part (server/jobs/): the uploaded files of imports older
 * than 30 days are deleted, so a site's exports of other platforms do not
 * fill the disk. The row stays for the list, with no file to run from
 * (an empty storage key: running it asks for the file again).
 */
import { and, eq, lt, ne } from 'drizzle-orm';
import { imports } from '../../db/move-schema.ts';
import type { ImportsDeps } from './import-deps.ts';

const UPLOAD_KEPT_DAYS = 30;
/** A pass deletes at most this many, so one clean-up never runs long; the next takes the rest. */
const PASS = 200;

export async function forgetOldUploads({ db, clock, storage }: Pick<ImportsDeps, 'db' | 'clock' | 'storage'>): Promise<number> {
  const before = new Date(clock().getTime() - UPLOAD_KEPT_DAYS * 24 * 3600 * 1000);
  const old = await db
    .select({ id: imports.id, siteId: imports.siteId })
    .from(imports)
    .where(and(lt(imports.createdAt, before), ne(imports.storageKey, ''), ne(imports.status, 'running')))
    .limit(PASS);
  for (const { id, siteId } of old) {
    await storage.deletePrefix(`imports/${siteId}/${id}/`);
    await db.update(imports).set({ storageKey: '' }).where(and(eq(imports.id, id), ne(imports.status, 'running')));
  }
  return old.length;
}
