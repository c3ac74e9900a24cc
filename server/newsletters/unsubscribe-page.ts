/**
 * `/@{handle}/unsubscribe?token=`: a page that needs no sign-in. GET only
 * asks (mail scanners follow links, and a link must not unsubscribe by being
 * fetched); POST unsubscribes, from the page's button or from a mail
 * provider's one-click request (RFC 8058). All its styles are one inline
 * block whose hash the CSP names. It is the site's page: its logo, name and
 * one colour at the top, nothing of the platform (docs/decisions/142).
 */
import { checkContrast, textOn } from '../../common/contrast.ts';
import type { MailBrand } from '../mail/index.ts';
import { text } from '../rendering/index.ts';

export type UnsubscribePageState = 'ask' | 'done' | 'invalid';

export function unsubscribePage(state: UnsubscribePageState, site: MailBrand | undefined, action: string): { html: string; css: string } {
  // The colour lands inside the page's one <style>: only a colour's shape gets there.
  const brand = site && /^#[0-9a-f]{6}$/i.test(site.color) ? site.color : '#6d28d9';
  const css = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f5fb;color:#1f1d2b}main{max-width:32rem;margin:10vh auto;padding:2rem 1.25rem;background:#fff;border-radius:1rem;border-top:6px solid ${brand}}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5}.site{display:flex;align-items:center;gap:.75rem;margin:0 0 1.5rem;font-weight:700;color:${checkContrast(brand, '#ffffff').nearest};text-decoration:none;overflow-wrap:anywhere}.site img{width:40px;height:40px;border-radius:50%}button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.75rem 1.5rem;background:${brand};color:${textOn(brand)};cursor:pointer}a:focus-visible,button:focus-visible{outline:3px solid #1f1d2b;outline-offset:2px}`;
  const title = site ? text(site.title) : '';
  const header = site ? `<a class="site" href="${text(site.url)}">${site.logoUrl ? `<img src="${text(site.logoUrl)}" alt="" width="40" height="40">` : ''}<span>${title}</span></a>` : '';
  const body =
    state === 'invalid'
      ? `<h1>This link does not work</h1><p>The unsubscribe link is not valid. Use the link of a recent e-mail, or turn e-mails off on your account page.</p>`
      : state === 'done'
        ? `<h1>You are unsubscribed</h1><p>You will no longer get posts of ${title} by e-mail. You can turn them back on from your account page.</p>`
        : `<h1>Unsubscribe from ${title}?</h1><p>You will no longer get new posts of ${title} by e-mail. Your membership stays as it is.</p><form method="post" action="${text(action)}"><button type="submit">Unsubscribe</button></form>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>Unsubscribe</title><style>${css}</style></head><body><main>${header}${body}</main></body></html>`;
  return { html, css };
}
