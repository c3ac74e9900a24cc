/**
 * The dry run's view of a file's posts: how many would come in, how many files
 * they link to (each address once, covers included), and the posts that cannot
 * come in (no title, no body), named in the creator's words, and that their
 * tags will not come with them (sites here have none). Nothing is
 * fetched here: the files themselves are checked by check-post-files.ts.
 */
import type { ImportProblem } from '../../common/api/imports.ts';
import { fileUrlsOf } from './post-files.ts';
import type { SourcePost } from './sources/source-bundle.ts';

interface PostsPlan {
  posts: number;
  files: number;
  problems: ImportProblem[];
}

/** Why a post cannot come in, or null when it can. */
export function postRefusal(post: SourcePost): string | null {
  if (!post.title.trim()) return 'It has no title, so it is not imported.';
  const hasBody = post.document !== undefined || post.html.replace(/<[^>]*>/g, '').trim() !== '' || /<img\b/i.test(post.html);
  if (!hasBody) return 'It has no body, so it is not imported.';
  return null;
}

/** A post in the creator's words: its title, or where it is in the file when it has none. */
export function postWhere(post: SourcePost): string {
  return post.title.trim() ? `Post “${post.title.trim()}”` : post.where;
}

export function planPosts(posts: readonly SourcePost[]): PostsPlan {
  const problems: ImportProblem[] = [];
  const urls = new Set<string>();
  let count = 0;
  let tagged = 0;
  for (const post of posts) {
    const refusal = postRefusal(post);
    if (refusal) {
      problems.push({ where: postWhere(post), message: refusal });
      continue;
    }
    count += 1;
    if (post.tags.length > 0) tagged += 1;
    for (const url of fileUrlsOf(post)) urls.add(url);
  }
  // Sites here have no tags (DESIGN.md): said once, so the creator is not surprised to find them gone.
  if (tagged > 0) problems.push({ where: 'Tags and categories', message: `${tagged === 1 ? 'One post has' : `${tagged.toLocaleString('en')} posts have`} tags or categories. Sites here have none, so they are not kept; the posts come in without them.` });
  return { posts: count, files: urls.size, problems };
}
