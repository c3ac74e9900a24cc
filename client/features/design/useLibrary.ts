/** The pickers' choices in the design editor: the site's ready media and its published posts. */
import { useMemo } from 'react';
import { listMedia } from '../../../common/api/media.ts';
import { listPosts } from '../../../common/api/posts.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import type { LibraryItem } from './fields.tsx';
import type { PostChoice } from './SectionForm.tsx';

export function useLibrary(): { library: LibraryItem[]; posts: PostChoice[] } {
  // Pickers without choices still work (None), so a failure here only leaves them empty.
  const media = useLoad((signal) => call(listMedia, { query: { status: 'ready' }, signal }));
  const published = useLoad((signal) => call(listPosts, { query: { status: 'published' }, signal }));
  const mediaLoaded = media.loaded;
  const postsLoaded = published.loaded;
  const library = useMemo(() => (mediaLoaded.state === 'ready' ? mediaLoaded.data.media.map((item) => ({ id: item.id, name: item.alt || item.originalName, kind: item.kind, thumbnail: item.urls.thumbnail })) : []), [mediaLoaded]);
  const posts = useMemo(() => (postsLoaded.state === 'ready' ? postsLoaded.data.posts.map((post) => ({ id: post.id, title: post.title })) : []), [postsLoaded]);
  return { library, posts };
}
