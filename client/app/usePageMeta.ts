/**
 * Per-page document title and meta tags. Every screen calls it once; the
 * description and robots values it sets are restored when the screen unmounts,
 * so a noindex on the 404 screen never leaks onto the next page.
 */
import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
  robots?: string;
}

/** Sets `<meta name={name}>` to content and returns how to put back what was there. */
export function setMetaTag(head: HTMLHeadElement, name: string, content: string): () => void {
  const existing = head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (existing) {
    const previous = existing.content;
    existing.content = content;
    return () => {
      existing.content = previous;
    };
  }
  const created = head.ownerDocument.createElement('meta');
  created.name = name;
  created.content = content;
  head.append(created);
  return () => created.remove();
}

export function usePageMeta({ title, description, robots }: PageMeta): void {
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => (description === undefined ? undefined : setMetaTag(document.head, 'description', description)), [description]);

  useEffect(() => (robots === undefined ? undefined : setMetaTag(document.head, 'robots', robots)), [robots]);
}
