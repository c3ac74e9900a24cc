/** Where the preview's frame points: a page of the site, as a visitor sees it unless the creator asks for their own view. */

export type Viewer = 'visitor' | 'owner';

export function framedUrl(pageUrl: string, viewer: Viewer): string {
  const url = new URL(pageUrl, 'http://frame.invalid');
  url.searchParams.set('preview', '1');
  if (viewer === 'visitor') url.searchParams.set('visitor', '1');
  else url.searchParams.delete('visitor');
  return `${url.pathname}${url.search}`;
}
