/**
 * A large site written straight into a running product's database and data
 * directory (issue 30 "Speed and scale"), for the rows that export it: a
 * creator signed up through the product and verified, their published site
 * with a free and a paid tier, `posts` published posts of some 1,600
 * characters, `members` members (every 20th comped on the paid tier, the rest
 * free) and `mediaFiles` PDFs of 1 MiB of random bytes in the media library.
 * Set-based SQL, so 100,000 members take seconds. Each PDF starts with the
 * PDF signature, as the library keeps only files whose bytes say what they
 * are (server/media/file-kind.ts): an instance that imports the export takes
 * them back.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { insertTiers, type SiteTiers } from '../../tests/support/members-fixtures.ts';
import { uniqueHandle, userIdOf } from '../../tests/support/site-fixtures.ts';
import { createAccount } from './product-account.ts';

const MEDIA_FILE_BYTES = 1024 * 1024;
const PDF_SIGNATURE = Buffer.from('%PDF-1.7\n');

interface LargeSiteSize {
  posts: number;
  members: number;
  mediaFiles: number;
}

export interface LargeSite {
  owner: { email: string; cookie: string };
  siteId: string;
  handle: string;
  tiers: SiteTiers;
}

/** `label` starts the site's handle and the progress line on stderr. */
export async function seedLargeSite(db: Database, productUrl: string, dataDir: string, size: LargeSiteSize, label: string): Promise<LargeSite> {
  const owner = await createAccount(productUrl);
  const ownerId = await userIdOf(db, owner.email);
  await db.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.id, ownerId));
  const [site] = await db.insert(sites).values({ ownerId, handle: uniqueHandle(label), title: 'Harbour Sounds', publishedAt: new Date() }).returning();
  const siteId = site!.id;
  const tiers = await insertTiers(db, siteId);
  process.stderr.write(`${label}: seeding ${size.posts} posts, ${size.members} members, ${size.mediaFiles} media files of 1 MiB\n`);
  const paragraph = 'The tide came in slowly over the harbour wall, and the boats lifted one by one. '.repeat(20);
  await db.execute(sql`insert into posts (site_id, slug, title, excerpt, body, preview_html, visibility, status, published_at)
    select ${siteId}::uuid, 'post-' || n, 'Post number ' || n, 'An excerpt of post ' || n,
      jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', ${paragraph}::text))))),
      '<p>' || ${paragraph}::text || '</p>', 'public', 'published', timestamptz '2020-01-01' + n * interval '1 hour'
    from generate_series(1, ${size.posts}::int) as n`);
  await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role)
    select 'bench' || n, 'member' || n || '@bench.example', 'Member ' || n, 'Member', 'bench' || n, '', 'member'
    from generate_series(1, ${size.members}::int) as n`);
  await db.execute(sql`insert into memberships (site_id, user_id, tier_id, status, source, created_at)
    select ${siteId}::uuid, 'bench' || n, case when n % 20 = 0 then ${tiers.gold.id}::uuid else ${tiers.free.id}::uuid end,
      case when n % 20 = 0 then 'comped' else 'active' end, case when n % 20 = 0 then 'comp' else 'free' end,
      timestamptz '2024-01-01' + n * interval '1 minute'
    from generate_series(1, ${size.members}::int) as n`);
  for (let index = 0; index < size.mediaFiles; index += 1) {
    const id = randomUUID();
    const storageKey = `media/${siteId}/${id}/original`;
    const file = path.join(dataDir, 'media', ...storageKey.split('/'));
    const bytes = randomBytes(MEDIA_FILE_BYTES);
    PDF_SIGNATURE.copy(bytes);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await db.execute(sql`insert into media (id, site_id, kind, original_name, type, bytes, status, progress, storage_key)
      values (${id}::uuid, ${siteId}::uuid, 'file', ${`notes-${index}.pdf`}, 'application/pdf', ${MEDIA_FILE_BYTES}, 'ready', 100, ${storageKey})`);
  }
  await db.execute(sql`analyze`);
  return { owner, siteId, handle: site!.handle, tiers };
}
