/**
 * A creator's imports: their site's, by id, or the last ones. An id that is not
 * a uuid, or another site's import, answers 404 (never 403: it tells nothing
 * of another creator's imports).
 */
import { and, desc, eq } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { imports } from '../../db/move-schema.ts';
import { AppError } from '../errors.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import type { ImportRow } from './import-view.ts';

const LIST_LENGTH = 20;

const importNotFound = () => new AppError('not-found', 404);

export async function siteOfCreator(db: Database, ownerId: string): Promise<Site> {
  const site = await findSiteByOwner(db, ownerId);
  if (!site) throw new AppError('site-required', 409);
  return site;
}

export async function findImport(db: Database, siteId: string, id: string): Promise<ImportRow> {
  if (!isUuid(id)) throw importNotFound();
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.siteId, siteId)))
    .limit(1);
  if (!row) throw importNotFound();
  return row;
}

export function lastImports(db: Database, siteId: string): Promise<ImportRow[]> {
  return db.select().from(imports).where(eq(imports.siteId, siteId)).orderBy(desc(imports.createdAt)).limit(LIST_LENGTH);
}
