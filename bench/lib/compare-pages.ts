/**
 * One public page of a site as two instances render it to a signed-out
 * reader, compared after taking out what must differ between them: the
 * origin (each instance listens on its own port), the ids of the site's
 * things (each database makes its own; site-snapshot.ts labels them by what
 * they stand for, so a page that shows another image or tier still differs)
 * and the signature and expiry of signed media URLs (each instance has its own
 * secret). The public pages carry no CSRF token or nonce and no time of
 * rendering, so nothing else is taken out. Redirects are not followed: an old
 * address compares by its status and where it leads.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** `/media/{id}/{expiry}-{signature}` (server/media-urls/media-urls.ts), once the id is a label. */
const SIGNED_MEDIA = /(\/media\/[^/"'\s]+\/)\d{1,12}-[A-Za-z0-9_-]+/g;
/** How much of each side a difference shows around where they part. */
const CONTEXT = 120;

interface Instance {
  url: string;
  labels: ReadonlyMap<string, string>;
}

function normalise(text: string, { url, labels }: Instance): string {
  return text
    .replaceAll(url, 'ORIGIN')
    .replaceAll(encodeURIComponent(url), 'ORIGIN')
    .replace(UUID, (id) => labels.get(id.toLowerCase()) ?? 'unknown-id')
    .replace(SIGNED_MEDIA, '$1SIGNED');
}

async function render(instance: Instance, path: string): Promise<string> {
  const response = await fetch(new URL(path, instance.url), { redirect: 'manual' });
  const body = await response.text();
  return normalise(`${response.status} ${response.headers.get('location') ?? ''}\n${body}`, instance);
}

/** Undefined when the page is the same on both; else where they part, in a line. */
export async function pageDifference(path: string, exported: Instance, imported: Instance): Promise<string | undefined> {
  const [before, after] = await Promise.all([render(exported, path), render(imported, path)]);
  if (before === after) return undefined;
  let at = 0;
  while (before[at] === after[at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - CONTEXT / 2), at + CONTEXT / 2));
  return `page ${path} differs at character ${at}: exported ${around(before)}, imported ${around(after)}`;
}
