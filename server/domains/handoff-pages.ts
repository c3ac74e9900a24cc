/**
 * The two plain pages of the handoff: the platform's question before a first
 * sign-in to a site the reader is not a member of, and the domain's answer to
 * a link that no longer works. Self-contained (no script, inline style only)
 * and never framed: the question's button must be pressed by the reader,
 * not by a page that lays it under something else. A fan sees them for a
 * site: they name the site and wear its colour, never the platform's name
 * (docs/decisions/142).
 */
import type { Response } from 'express';
import { checkContrast, textOn } from '../../common/contrast.ts';
import { text } from '../rendering/index.ts';

/** `form-action` also governs where a form's answer redirects: the question's answer goes on to the domain. */
const policy = (formTargets = '') => `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets}; frame-ancestors 'none'; base-uri 'none'`;

const HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': policy(),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Not `no-referrer`: under it Chromium posts the question's form with `Origin: null`, which the same-origin guard refuses.
  'Referrer-Policy': 'same-origin',
};

const DEFAULT_ACCENT = '#4b32c3';

/** The page's style in a colour: the site's, checked for its shape (it lands in a <style>) and for contrast on white. */
const style = (colour: string) => {
  const accent = /^#[0-9a-f]{6}$/i.test(colour) ? colour : DEFAULT_ACCENT;
  const link = checkContrast(accent, '#ffffff').nearest;
  return `body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f6f4ff;color:#14122b;line-height:1.5}
main{box-sizing:border-box;width:100%;max-width:32rem;padding:2rem 1.25rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.5rem;border:0;background:${accent};color:${textOn(accent)};cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #14122b;outline-offset:2px}a{color:${link}}.who{overflow-wrap:anywhere}`;
};

function page(title: string, body: string, colour = DEFAULT_ACCENT): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text(title)}</title><style>${style(colour)}</style></head><body><main>${body}</main></body></html>`;
}

/** What a page shows of the site: its name and its one colour (docs/decisions/142). */
export interface SiteLook {
  siteTitle: string;
  brandColor: string;
}

export interface HandoffQuestion extends SiteLook {
  domain: string;
  email: string;
  state: string;
  next: string;
}

/** Asked on the platform before a first handoff to a site the reader has not joined. */
export function sendHandoffQuestion(res: Response, question: HandoffQuestion): void {
  const { siteTitle, brandColor, domain, email, state, next } = question;
  const body = `<h1>Sign in to ${text(siteTitle)}?</h1>
<p class="who">You are signed in as <strong>${text(email)}</strong>.</p>
<p class="who">Continue only if you meant to sign in at <strong>${text(domain)}</strong>: it will know you by this account there.</p>
<form method="post" action="/auth/handoff/start" class="actions">
<input type="hidden" name="domain" value="${text(domain)}"><input type="hidden" name="state" value="${text(state)}"><input type="hidden" name="next" value="${text(next)}">
<button type="submit">Continue to ${text(siteTitle)}</button>
<a href="https://${text(domain)}${text(next)}">Not now</a>
</form>`;
  res
    .status(200)
    .set({ ...HEADERS, 'Content-Security-Policy': policy(` https://${domain}`) })
    .type('html')
    .send(page(`Sign in to ${siteTitle}?`, body, brandColor));
}

/** On the domain: the token was used, is too old, was made for another site, or was made for another browser. In the site's name and colour. */
export function sendHandoffRefusal(res: Response, { siteTitle, brandColor }: SiteLook, signInAgain: string): void {
  const body = `<p class="who"><a href="/">${text(siteTitle)}</a></p>
<h1>This sign-in link no longer works</h1>
<p>It was already used, it is more than a minute old, or it was made for another site or another browser.</p>
<p><a href="${text(signInAgain)}">Sign in again</a></p>`;
  res.status(400).set(HEADERS).type('html').send(page(`Sign-in link expired | ${siteTitle}`, body, brandColor));
}
