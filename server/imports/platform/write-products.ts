/**
 * The export's products on this site, their cover and files mapped from the export's media entries to the media this
 * import made (write-media.ts), in the export's order. Recorded as kind `product` by its slug, so a rerun makes none
 * twice. A slug this site already uses, or a product none of whose files came over, is left out with a problem in
 * plain words; a file that did not come over is left out of its product, and said so.
 */
import { and, eq } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { productFiles, products } from '../../../db/earn-schema.ts';
import type { Site } from '../../sites/index.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { PlatformExtras } from '../sources/source-bundle.ts';
import { addProblems } from './run-problems.ts';

/** Answers how many products it made now. */
export async function writePlatformProducts(deps: ImportsDeps, scope: ImportScope, site: Site, extras: PlatformExtras, mediaIdByKey: ReadonlyMap<string, string>): Promise<number> {
  const done = await findItems(deps.db, scope, 'product', extras.products.map((product) => product.slug));
  const waiting = extras.products.filter((product) => !done.has(product.slug));
  if (waiting.length === 0) return 0;
  const keyOfEntry = new Map(extras.media.map((item) => [item.entry, item.key]));
  const mediaOf = (entry: string) => {
    const key = keyOfEntry.get(entry);
    return key === undefined ? undefined : mediaIdByKey.get(key);
  };
  const problems: ImportProblem[] = [];
  let made = 0;
  for (const product of waiting) {
    const where = `site.json, the product “${product.slug}”`;
    const files = product.files.flatMap((entry) => mediaOf(entry) ?? []);
    if (files.length === 0) {
      problems.push({ where, message: 'None of its files is in the export; the product is left out.' });
      continue;
    }
    if (files.length < product.files.length) problems.push({ where, message: `${product.files.length - files.length} of its files are not in the export; it came in without them.` });
    const madeNow = await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.siteId, site.id), eq(products.slug, product.slug)))
        .limit(1);
      if (taken) return false;
      const now = deps.clock();
      const [row] = await tx
        .insert(products)
        .values({
          siteId: site.id,
          title: product.title,
          slug: product.slug,
          description: product.description,
          price: product.price,
          currency: product.currency,
          status: product.status,
          coverMediaId: product.cover ? (mediaOf(product.cover) ?? null) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      await tx.insert(productFiles).values(files.map((mediaId, position) => ({ productId: row!.id, mediaId, position })));
      await recordItems(tx, scope, 'product', [{ sourceKey: product.slug, targetId: row!.id }]);
      return true;
    });
    if (madeNow) made += 1;
    else problems.push({ where, message: `This site already has a product at the address “${product.slug}”; the product is left out.` });
  }
  await addProblems(deps.db, scope.importId, problems);
  if (made > 0) await deps.siteChanged(site.id);
  return made;
}
