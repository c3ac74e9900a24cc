/** Links the editor accepts: the schemes the server keeps (server/posts/render-document.ts). */

export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** An http(s) or mailto URL; a bare domain gets https://. Null when it is anything else. */
export function normaliseLink(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    return LINK_PROTOCOLS.includes(url.protocol) && (url.protocol === 'mailto:' || url.hostname.includes('.')) ? url.href : null;
  } catch {
    return null;
  }
}
