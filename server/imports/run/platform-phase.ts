/**
 * What only our own export brings (server/imports/platform/, part D's
 * writers): before the members, its tiers (the members' and posts' tiers by
 * name), its media (the posts' documents and covers name them by the
 * export's ids) and the site itself; after the posts, its comments. Each
 * writer records its own items, so a resumed run makes nothing twice.
 */
import { inArray } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Site } from '../../sites/index.ts';
import { findItems, type ImportScope } from '../import-items.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { remapDocument, writePlatformComments, writePlatformMedia, writePlatformSite, writePlatformTiers } from '../platform/write-platform.ts';
import type { PlatformExtras, SourceBundle } from '../sources/source-bundle.ts';
import type { PostContext } from './import-posts.ts';

export async function platformPhase(deps: ImportsDeps, scope: ImportScope, site: Site, bundle: SourceBundle, extras: PlatformExtras): Promise<PostContext> {
  const tierIdByName = await writePlatformTiers(deps, scope, site, extras.tiers);
  const mediaIdByKey = await writePlatformMedia(deps, scope, bundle);
  await writePlatformSite(deps, scope, site, extras, mediaIdByKey);
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
  const userIdByEmail = new Map<string, string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const rows = await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails.slice(start, start + 1000)));
    for (const row of rows) userIdByEmail.set(row.email.toLowerCase(), row.id);
  }
  await writePlatformComments(deps, scope, extras.comments, postIdByKey, userIdByEmail);
}
