/**
 * The site's own sign-in (docs/decisions/152): `/@{handle}/sign-in` asks for
 * an e-mail address only and mails a link, in the site's frame, because a fan
 * who joined with one field has no password for the platform's login. And
 * the page a mailed link (join or sign-in) opens: it names the site and the
 * address and waits for "Continue", so a mail scanner that fetches the link
 * uses nothing, and a link someone else sent cannot sign a browser in
 * without its reader pressing the button. Plain forms: JavaScript may be off.
 */
import { sitePath, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import type { JoinLinkProblem } from './join-page.ts';

export interface SignInPageInput {
  site: Site;
  /** The typed address, shown again after a refusal or in "Check your inbox". */
  email?: string;
  problem?: string;
  sent?: boolean;
  linkProblem?: JoinLinkProblem;
  /** Arrived from the verification link, opened signed out: the address is confirmed (server/auth/member-identity.ts). */
  verified?: boolean;
  /** The page of the site the reader came from (checked by the route), where a password sign-in returns. */
  next?: string;
}

const LINK_PROBLEMS: Record<JoinLinkProblem, string> = {
  used: 'This link was already used. Each link works once: enter your e-mail below and we will send you a new one.',
  expired: 'This link has expired. Links work for 15 minutes: enter your e-mail below and we will send you a new one.',
  unknown: 'This link does not work here. It may be for another site, or incomplete: enter your e-mail below and we will send you a new one.',
};

/**
 * A path of this site (`/@{handle}/…`, or on its domain any path of it), never another host through `//` or `/\`;
 * undefined for anything else. Where "Sign in with a password" comes back to.
 */
export function sameSitePath(site: Pick<Site, 'handle' | 'domain'>, value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value)) return undefined;
  if (site.domain) return value;
  const home = sitePath(site);
  if (!value.startsWith(home)) return undefined;
  const rest = value.slice(home.length);
  return rest === '' || /^[/?#]/.test(rest) ? value : undefined;
}

function passwordLink(site: Site, next: string | undefined): string {
  return `/login?next=${encodeURIComponent(next ?? sitePath(site))}`;
}

export function signInMain({ site, email = '', problem, sent, linkProblem, verified, next }: SignInPageInput): string {
  if (sent) {
    return `<section class="join join--sent" aria-labelledby="sign-in-heading">
<h1 id="sign-in-heading" tabindex="-1">Check your inbox</h1>
<p role="status">If <strong class="join__address">${text(email)}</strong> belongs to a member of ${text(site.title)}, we sent it a link. Open it within 15 minutes to sign in.</p>
<p>Not there? Look in your spam folder, or <a href="${sitePath(site, '/sign-in')}">try another address</a>.</p>
</section>`;
  }
  const invalid = problem ? ' aria-invalid="true" aria-describedby="sign-in-email-problem"' : '';
  const problemHtml = problem ? `<p class="field__problem" id="sign-in-email-problem">${text(problem)}</p>` : '';
  const confirmed = verified ? `<p class="notice notice--success" role="status">Your e-mail is confirmed. Sign in to read what members of ${text(site.title)} get.</p>` : '';
  const notice = linkProblem ? `<p class="notice notice--error" role="alert">${LINK_PROBLEMS[linkProblem]}</p>` : confirmed;
  return `<section class="join" aria-labelledby="sign-in-heading">
<h1 id="sign-in-heading">Sign in to ${text(site.title)}</h1>${notice}
<p>Enter the e-mail you joined with. We will send you a link that signs you in: no password needed.</p>
<form class="sign-in__form" method="post" action="${sitePath(site, '/sign-in')}" novalidate>
<div class="field join__email"><label for="sign-in-email">Your e-mail</label><input id="sign-in-email" name="email" type="email" autocomplete="email" inputmode="email" required value="${text(email)}"${invalid}>${problemHtml}</div>
<button class="button" type="submit">Send me a sign-in link</button>
</form>
<p class="join__signin">Not a member yet? <a href="${sitePath(site, '/join')}">Join ${text(site.title)}</a>. Have a password? <a href="${text(passwordLink(site, next))}">Sign in with a password</a>.</p>
</section>`;
}

/** What a mailed link's page offers: joining (join link) or signing in (sign-in link). */
export type LinkKind = 'join' | 'sign-in';

/** The page a mailed link opens: the site, the address, one "Continue" button that posts the token back here. */
export function linkContinueMain({ site, email, token, kind }: { site: Site; email: string; token: string; kind: LinkKind }): string {
  const purpose = kind === 'join' ? `join ${text(site.title)}` : `sign in to ${text(site.title)}`;
  return `<section class="join" aria-labelledby="link-heading">
<h1 id="link-heading">${kind === 'join' ? `Join ${text(site.title)}` : `Sign in to ${text(site.title)}`}</h1>
<p>Continue to ${purpose} as <strong class="join__address">${text(email)}</strong>.</p>
<form class="sign-in__form" method="post" action="${sitePath(site, kind === 'join' ? '/join/confirm' : '/sign-in/confirm')}"><input type="hidden" name="token" value="${text(token)}"><button class="button" type="submit">Continue</button></form>
<p class="field__hint">Not you, or did not ask for this? Close this page: nothing happens.</p>
</section>`;
}
