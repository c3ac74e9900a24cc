/**
 * Every URL the sitemap lists, read as a crawler does: the index
 * (`/sitemap.xml`), then each page it names.
 */
import { expect } from 'vitest';

/** The `<loc>` values of a sitemap or its index. */
export const sitemapLocs = (document: string) => [...document.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

export async function sitemapUrls(baseUrl: string): Promise<string[]> {
  const index = await fetch(new URL('/sitemap.xml', baseUrl));
  expect(index.status).toBe(200);
  const urls: string[] = [];
  for (const page of sitemapLocs(await index.text())) {
    const answer = await fetch(page);
    expect(answer.status, page).toBe(200);
    urls.push(...sitemapLocs(await answer.text()));
  }
  return urls;
}
