/**
 * Reads Substack's export zip (Settings > Exports): `posts.csv` lists every post, each body is
 * `posts/{post_id}.html`, and the members are its e-mail list and a subscribers CSV
 * (substack-members.ts). What was assumed of the format is written in docs/decisions/155.
 */
import { posix } from 'node:path';
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { PostVisibility } from '../../../common/posts.ts';
import { AppError } from '../../errors.ts';
import { cellDate, cellTrue, readCsv, type CsvRow } from './read-csv.ts';
import type { SourceBundle, SourcePost, SourceReader } from './source-bundle.ts';
import { substackFiles } from './substack-files.ts';
import { readSubstackMembers } from './substack-members.ts';
import { openZip, TextBudgetSpent, type ZipArchive } from './zip-archive.ts';

/** Substack's audiences; an unknown one is kept for paying members, never shown to more readers than it was. */
const VISIBILITY: Record<string, PostVisibility> = { everyone: 'public', only_free: 'members', only_paid: 'paid', founding: 'paid' };

const refused = (detail: string) => new AppError('invalid-import', 400, 'file', undefined, detail);

function visibilityOf(audience: string, where: string, problems: ImportProblem[]): PostVisibility {
  const key = audience.trim().toLowerCase();
  if (!key) return 'public';
  const known = VISIBILITY[key];
  if (known) return known;
  problems.push({ where, message: `Its audience “${audience}” is not one Substack writes; it comes in for paying members only.` });
  return 'paid';
}

/** A podcast episode's audio sits beside the body in posts.csv; a link to it keeps it with the post (and its file is copied). */
function withPodcast(html: string, podcastUrl: string): string {
  if (!/^https?:\/\//i.test(podcastUrl)) return html;
  const href = podcastUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `${html}\n<p><a href="${href}">Listen to the episode</a></p>`;
}

/**
 * The body's entry, or null for an id that is a path: "d0/../1.p" would name posts/1.p.html as well as "1.p" does,
 * so one entry could be read once for every such row.
 */
function bodyEntry(root: string, postId: string): string | null {
  if (/[/\\]/.test(postId)) return null;
  const entry = posix.join(root, 'posts', `${postId}.html`);
  return entry === (root === '.' ? `posts/${postId}.html` : `${root}/posts/${postId}.html`) ? entry : null;
}

async function readPost(archive: ZipArchive, bodies: Set<string>, entry: string, row: CsvRow, problems: ImportProblem[]): Promise<SourcePost | null> {
  const postId = row.cell('post_id').trim();
  const slug = postId.includes('.') ? postId.slice(postId.indexOf('.') + 1) : postId;
  const title = row.cell('title').trim() || slug;
  if (!bodies.has(entry)) {
    problems.push({ where: `Post “${title}”`, message: 'Listed in posts.csv but its body is not in the export; it is left out.' });
    return null;
  }
  let body: string;
  try {
    body = await archive.readText(entry);
  } catch (error) {
    if (!(error instanceof AppError) || error instanceof TextBudgetSpent) throw error;
    problems.push({ where: `Post “${title}”`, message: `${error.message} The post is left out.` });
    return null;
  }
  const { html, fileUrls } = substackFiles(withPodcast(body, row.cell('podcast_url').trim()));
  const published = cellTrue(row.cell('is_published'));
  return {
    key: postId,
    slug,
    title,
    excerpt: row.cell('subtitle').trim(),
    html,
    status: published ? 'published' : 'draft',
    publishedAt: published ? cellDate(row.cell('post_date')) : null,
    visibility: visibilityOf(row.cell('audience'), `Post “${title}”`, problems),
    tags: [],
    fileUrls,
    oldPaths: [`/p/${slug}`],
    where: `posts.csv line ${row.line}`,
  };
}

async function readPosts(archive: ZipArchive, postsCsv: string, problems: ImportProblem[]): Promise<SourcePost[]> {
  const sheet = readCsv(await archive.readText(postsCsv), 'posts.csv', ['post_id'], "a Substack export's posts.csv");
  problems.push(...sheet.problems);
  const root = posix.dirname(postsCsv);
  const bodies = new Set(archive.entries.map((entry) => entry.name));
  const posts: SourcePost[] = [];
  // By the entry the id names, so no body is read twice.
  const lines = new Map<string, number>();
  for (const row of sheet.rows) {
    const where = `posts.csv line ${row.line}`;
    const key = row.cell('post_id').trim();
    if (!key) {
      problems.push({ where, message: 'This row has no post_id; it is left out.' });
      continue;
    }
    const entry = bodyEntry(root, key);
    if (!entry) {
      problems.push({ where, message: `The post_id “${key}” holds a slash, which no Substack post_id does; the row is left out.` });
      continue;
    }
    const first = lines.get(entry);
    if (first !== undefined) {
      problems.push({ where, message: `The post ${key} is already on line ${first}; only the first is kept.` });
      continue;
    }
    lines.set(entry, row.line);
    const post = await readPost(archive, bodies, entry, row, problems);
    if (post) posts.push(post);
  }
  return posts;
}

export const readSubstackExport: SourceReader = async ({ filePath }): Promise<SourceBundle> => {
  const archive = await openZip(filePath);
  try {
    // The export's own files sit at the top; a creator who unzipped and zipped it again may have put them in a folder.
    const postsCsv = archive.entries
      .map((entry) => entry.name)
      .filter((name) => posix.basename(name).toLowerCase() === 'posts.csv')
      .sort((a, b) => a.length - b.length)[0];
    const hasList = archive.entries.some((entry) => /(^|\/)email_list[^/]*\.csv$/i.test(entry.name));
    if (!postsCsv && !hasList) throw refused('The archive has no posts.csv and no email_list CSV: it is not a Substack export.');
    const problems: ImportProblem[] = [];
    const posts = postsCsv ? await readPosts(archive, postsCsv, problems) : [];
    const members = await readSubstackMembers(archive, problems, new Date());
    return { source: 'substack', posts, members, problems, openEntry: async () => undefined, close: async () => {} };
  } finally {
    await archive.close();
  }
};
