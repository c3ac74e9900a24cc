/**
 * The live preview's two steps (docs/decisions/109): the design as it stands
 * posted to the preview address, and the answer's body swapped into the
 * frame's document in place. The head is left alone: the frame's CSP pins its
 * inline style by hash, so a page whose head differs (theme, colours, a video
 * player script) is reported for a reload instead.
 */
import type { Design } from '../../../common/design.ts';

export async function postPreview(url: string, design: Design, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ design }),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`The preview answered ${response.status}.`);
  return response.text();
}

/** What a body swap cannot change: the root's attributes and what the head loads or inlines. */
function headSignature(page: Document): string {
  const root = [...page.documentElement.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).join(' ');
  const pinned = [...page.head.querySelectorAll('style, link[rel="stylesheet"], link[rel="preload"], script')].map((element) => element.outerHTML);
  return [root, ...pinned].join('\n');
}

export function livePreviewSwap(frameDocument: Document, html: string): 'swapped' | 'head-changed' {
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (frameDocument.readyState === 'loading' || headSignature(frameDocument) !== headSignature(next)) return 'head-changed';
  const view = frameDocument.defaultView;
  const [x, y] = [view?.scrollX ?? 0, view?.scrollY ?? 0];
  frameDocument.body.replaceWith(frameDocument.importNode(next.body, true));
  frameDocument.title = next.title;
  // The new body may lay out a moment shorter or longer; the reader's place stays where it was.
  view?.scrollTo(x, y);
  return 'swapped';
}
