/**
 * The images of a Substack post's body and the files it keeps on Substack's hosts, to copy into the
 * media library. Substack serves every image through its CDN's resizer
 * (`substackcdn.com/image/fetch/w_1456,c_limit,.../https%3A%2F%2Fsubstack-post-media.s3...png`) in a
 * `<picture>` with a `srcset` of sizes, wrapped in `<a class="image-link">` to the same image: the
 * body is rewritten so each image names its one original, once copied, once replaced.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

/** Where Substack keeps uploads: the post media bucket, and the older "bucketeer" Heroku buckets. */
const STORAGE_HOST = /^(substack-post-media|bucketeer-[a-z0-9-]+)\.s3\.amazonaws\.com$/;
const CDN_HOST = /^(substackcdn\.com|cdn\.substack\.com)$/;
/** A publication's own host serves attachments ("Add a file" in the editor) under this path. */
const ATTACHMENT_PATH = /^\/api\/v1\/file\//;
/** A link to a publication's host is a file, not a page, when it names one of these. */
const FILE_EXTENSION = /\.(pdf|epub|mobi|zip|mp3|m4a|wav|ogg|mp4|mov|webm|png|jpe?g|gif|webp|svg|docx?|xlsx?|pptx?|csv|txt)$/i;

function hostOf(address: string): { host: string; path: string } | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { host: url.hostname.toLowerCase(), path: url.pathname } : null;
  } catch {
    return null;
  }
}

const isSubstackHost = (host: string) => STORAGE_HOST.test(host) || CDN_HOST.test(host) || host === 'substack.com' || host.endsWith('.substack.com');

/** The original behind a CDN resizer address, when it is in Substack's storage; any other address as it is. */
function original(address: string): string {
  const at = hostOf(address);
  if (!at || !CDN_HOST.test(at.host) || !at.path.startsWith('/image/fetch/')) return address;
  const rest = address.slice(address.indexOf('/image/fetch/') + '/image/fetch/'.length);
  const start = rest.search(/https?(%3A|:)/i);
  if (start < 0) return address;
  let inner: string;
  try {
    inner = decodeURIComponent(rest.slice(start));
  } catch {
    return address;
  }
  const innerAt = hostOf(inner);
  return innerAt && STORAGE_HOST.test(innerAt.host) ? inner : address;
}

/**
 * Every image is copied, the original behind Substack's resizer, any other as it is: the run keeps only the
 * images it copied (server/posts/import-html.ts), and one hot-linked from elsewhere is as much the post's.
 */
function imageFile(address: string | undefined): string | null {
  return address && hostOf(address) ? original(address) : null;
}

/** A link's address when it is a file on Substack's hosts (not a page of the publication). */
function linkedFile(address: string | undefined): string | null {
  const at = address ? hostOf(address) : null;
  if (!address || !at || !isSubstackHost(at.host)) return null;
  if (STORAGE_HOST.test(at.host) || CDN_HOST.test(at.host)) return original(address);
  return ATTACHMENT_PATH.test(at.path) || FILE_EXTENSION.test(at.path) ? address : null;
}

/** The body with each Substack image and file named by its original address, and those addresses in order, once each. */
export function substackFiles(html: string): { html: string; fileUrls: string[] } {
  const document = parseDocument(html);
  const files = new Set<string>();
  let changed = false;
  for (const element of DomUtils.findAll(() => true, document.children)) {
    if (element.name === 'source' && element.parent && 'name' in element.parent && element.parent.name === 'picture') {
      // The <img> beside it names the same image; the sources only offer other sizes of it.
      DomUtils.removeElement(element);
      changed = true;
      continue;
    }
    const attribute = element.name === 'img' ? 'src' : element.name === 'a' ? 'href' : null;
    if (!attribute) continue;
    const file = attribute === 'src' ? imageFile(element.attribs.src) : linkedFile(element.attribs.href);
    if (!file) continue;
    files.add(file);
    if (element.attribs[attribute] !== file || element.attribs.srcset !== undefined) {
      element.attribs[attribute] = file;
      delete element.attribs.srcset;
      delete element.attribs.sizes;
      changed = true;
    }
  }
  return { html: changed ? DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' }) : html, fileUrls: [...files] };
}
