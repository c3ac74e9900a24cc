/**
 * Makes one site's export zip in a local file: site.json, the posts, the
 * media, members.csv, comments.json, messages.json, redirects.json, then
 * manifest.json with the counts and every file's SHA-256
 * (docs/export-format.md).
 */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Site } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import { COMMENTS_FILE, EXPORT_FORMAT_VERSION, MEMBERS_FILE, MESSAGES_FILE, REDIRECTS_FILE, SITE_FILE } from './export-format.ts';
import { commentsJson } from './export-comments.ts';
import { addMedia } from './export-media.ts';
import { membersCsv } from './export-members.ts';
import { messagesJson } from './export-messages.ts';
import { addPosts } from './export-posts.ts';
import { redirectsJson } from './export-redirects.ts';
import { exportedSite } from './export-site.ts';
import { createExportZip } from './export-zip.ts';

export interface BuildExportDeps {
  db: Database;
  storage: Storage;
  clock: Clock;
}

/** Writes the zip to `filePath`; answers its length in bytes. */
export async function buildExport({ db, storage, clock }: BuildExportDeps, site: Site, filePath: string): Promise<number> {
  const zip = createExportZip(filePath);
  try {
    await zip.add(SITE_FILE, `${JSON.stringify(await exportedSite(db, site), null, 2)}\n`);
    const posts = await addPosts(zip, db, site.id);
    const media = await addMedia(zip, db, storage, site.id);
    const members = { count: 0 };
    await zip.add(MEMBERS_FILE, membersCsv(db, site.id, members));
    const comments = { count: 0 };
    await zip.add(COMMENTS_FILE, commentsJson(db, site.id, comments));
    const messages = { conversations: 0, messages: 0 };
    await zip.add(MESSAGES_FILE, messagesJson(db, site.id, messages));
    // Not counted in the manifest: its counts are version 2's, and redirects.json came within that version.
    await zip.add(REDIRECTS_FILE, redirectsJson(db, site.id));
    return await zip.finish({
      formatVersion: EXPORT_FORMAT_VERSION,
      exportedAt: clock().toISOString(),
      site: { handle: site.handle, title: site.title },
      counts: { posts, media, members: members.count, comments: comments.count, conversations: messages.conversations, messages: messages.messages },
    });
  } catch (error) {
    zip.abort();
    throw error;
  }
}
