/**
 * What only our own export brings (server/imports/platform/, part D's
 * writers): before the members, its tiers (the members' and posts' tiers by
 * name), its media (the posts' documents and covers name them by the
 * export's ids), the site itself with its tip jar, and the offers (on the
 * tiers) and products (of the media); after the posts, its comments. Each
 * writer records its own items, so a resumed run makes nothing twice.
 */
import { and, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { memberships, sites } from '../../../db/content-schema.ts';
import { importItems } from '../../../db/move-schema.ts';
import { users } from '../../../db/schema.ts';
import type { Site } from '../../sites/index.ts';
import { findItems, type ImportScope } from '../import-items.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { remapDocument, writePlatformComments, writePlatformMedia, writePlatformOffers, writePlatformProducts, writePlatformSite, writePlatformTiers } from '../platform/write-platform.ts';
import type { PlatformExtras, SourceBundle } from '../sources/source-bundle.ts';
import type { PostContext } from './import-posts.ts';

export async function platformPhase(deps: ImportsDeps, scope: ImportScope, site: Site, bundle: SourceBundle, extras: PlatformExtras): Promise<PostContext> {
  const tierIdByName = await writePlatformTiers(deps, scope, site, extras.tiers);
  const mediaIdByKey = await writePlatformMedia(deps, scope, bundle);
  await writePlatformSite(deps, scope, site, extras, mediaIdByKey);
  await writePlatformOffers(deps, scope, site, extras.offers, tierIdByName);
  await writePlatformProducts(deps, scope, site, extras, mediaIdByKey);
  const keyOfEntry = new Map(extras.media.map((item) => [item.entry, item.key]));
  return {
    remapDocument: (document) => remapDocument(document, mediaIdByKey),
    coverOfEntry: (entry) => {
      const key = keyOfEntry.get(entry);
      return key === undefined ? undefined : mediaIdByKey.get(key);
    },
    tierIdsOf: (names) => names.flatMap((name) => tierIdByName.get(name) ?? []),
  };
}

export async function platformComments(deps: ImportsDeps, scope: ImportScope, extras: PlatformExtras): Promise<void> {
  const postIdByKey = await findItems(deps.db, scope, 'post', [...new Set(extras.comments.map((comment) => comment.postKey))]);
  const emails = [...new Set(extras.comments.flatMap((comment) => (comment.authorEmail ? [comment.authorEmail.toLowerCase()] : [])))];
  // Only accounts tied to this site may be named: its owner, its members who joined it themselves, and the accounts
  // this import made. The file can be edited, so an address elsewhere on the instance shows as "Deleted member"
  // instead of putting words under someone else's name (docs/decisions/157).
  const ownAccount = or(
    exists(deps.db.select({ one: sql`1` }).from(sites).where(and(eq(sites.id, scope.siteId), eq(sites.ownerId, users.id)))),
    exists(deps.db.select({ one: sql`1` }).from(memberships).where(and(eq(memberships.siteId, scope.siteId), eq(memberships.userId, users.id), ne(memberships.source, 'import')))),
    exists(deps.db.select({ one: sql`1` }).from(importItems).where(and(eq(importItems.importId, scope.importId), eq(importItems.siteId, scope.siteId), eq(importItems.kind, 'user'), eq(importItems.targetId, users.id)))),
  );
  const userIdByEmail = new Map<string, string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const rows = await deps.db.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.email, emails.slice(start, start + 1000)), ownAccount));
    for (const row of rows) userIdByEmail.set(row.email.toLowerCase(), row.id);
  }
  await writePlatformComments(deps, scope, extras.comments, postIdByKey, userIdByEmail);
}
