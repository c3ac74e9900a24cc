/**
 * A pre-rendered page (docs/decisions/033) paints from its HTML and stylesheets
 * alone; its scripts only hydrate it. So it names no script for the browser to
 * fetch at once: one small inline script asks for the main bundle and its
 * chunks once the page has loaded and painted (docs/decisions/118). Lighthouse
 * simulates the largest paint from every request that finished before it,
 * and on a fast link the 100 KB of modules always did, which put a text paint
 * behind them.
 */
import { createHash } from 'node:crypto';

/**
 * The loader's own text, the same on every page, so the CSP can allow it by its hash. The
 * modules ride in its `data-modules` attribute: the entry first, then the chunks it will import,
 * preloaded beside it so they do not wait for the entry to name them. They are asked for once the
 * page has loaded (its stylesheets, font and first-screen images), the browser has reported its
 * first contentful paint (which comes once that frame is on screen, later than the frame's own
 * callbacks) and two more frames have begun, so the images that arrived with the load are painted
 * too. A browser that reports no paints asks two frames after the load; a page opened in a background
 * tab paints nothing until it is shown, so it loads at once. The script and its preloads keep
 * index.html's credentials mode (crossorigin), so each chunk is fetched once.
 */
export const HYDRATE_AFTER_PAINT_SCRIPT = [
  '(() => {',
  "const modules = document.currentScript.dataset.modules.split(' ');",
  'const load = () => modules.forEach((src, index) => {',
  "const element = document.createElement(index === 0 ? 'script' : 'link');",
  "element.crossOrigin = '';",
  "if (index === 0) Object.assign(element, { type: 'module', src });",
  "else Object.assign(element, { rel: 'modulepreload', href: src });",
  'document.head.append(element);',
  '});',
  'const twoFramesOn = () => requestAnimationFrame(() => requestAnimationFrame(load));',
  'const afterPaint = () => {',
  "if (document.visibilityState !== 'visible') return load();",
  "if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return twoFramesOn();",
  'new PerformanceObserver((entries, observer) => {',
  "if (entries.getEntriesByName('first-contentful-paint').length === 0) return;",
  'observer.disconnect();',
  'twoFramesOn();',
  "}).observe({ type: 'paint', buffered: true });",
  '};',
  "if (document.readyState === 'complete') afterPaint();",
  "else addEventListener('load', afterPaint, { once: true });",
  '})();',
].join('\n');

/** The CSP source that allows the loader and nothing else inline. */
export const HYDRATE_AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(HYDRATE_AFTER_PAINT_SCRIPT).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page with its module script and modulepreload hints taken out and handed to the loader,
 * at the end of the body. A page without a module script (a hand-made index.html) is left as it is.
 */
export function hydrateAfterPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) return html;
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = [...new Set([...entries, ...chunks])].join(' ');
  const loader = `<script data-modules="${modules}">${HYDRATE_AFTER_PAINT_SCRIPT}</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${loader}</body>`);
}
