/**
 * `/@{handle}/join`: the site's open tiers, free and paid, monthly and yearly,
 * and the way in, all plain HTML forms that work with JavaScript off. A
 * visitor who is not signed in gives an e-mail address only, in one field
 * with one button, and is mailed a link that joins and signs them in (a paid
 * choice goes on to Stripe Checkout, which asks the rest; docs/decisions/145);
 * a signed-in reader joins with one click; a member sees their tier marked.
 * Only the site's name is on it: nothing of the platform.
 */
import type { Cadence } from '../../common/memberships.ts';
import { formatMoney } from '../../common/money.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { yearlySavingPercent } from '../../common/tiers.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import type { PageHead } from './page-shell.ts';
import type { TierRow } from './site-rows.ts';

export type JoinerState = 'signed-out' | 'owner' | 'signed-in';

/** What the join form shows again after a refusal: the typed address and each field's problem. */
export interface SignupForm {
  email: string;
  problems: Partial<Record<'email', string>>;
}

/** Why a mailed join link did not let someone in: the page says which and offers a new one. */
export type JoinLinkProblem = 'used' | 'expired' | 'unknown';

export interface JoinChoice {
  tierId: string;
  cadence: Cadence;
}

export interface JoinPageInput {
  site: Site;
  tiers: TierRow[];
  joiner: JoinerState;
  /** The reader's membership while it opens anything. */
  current?: { tierId: string; paying: boolean };
  /** A choice carried in the link (`?tier=…&cadence=…`) or the refused form. */
  choice?: JoinChoice;
  signup?: SignupForm;
  /** The join link was mailed to this address: the page says "Check your inbox". */
  sent?: { email: string; choice: JoinChoice };
  /** A join link that was refused. */
  linkProblem?: JoinLinkProblem;
  /** Why the last attempt did not go through, in the product's words. */
  error?: string;
  /** The server has a Google client: the sign-up section offers "Continue with Google". */
  googleSignIn?: boolean;
  appUrl: URL;
}

const choiceValue = (tierId: string, cadence: Cadence) => `${tierId}:${cadence}`;

/** `tierId:cadence` from the form; undefined when it is not one (a tier id that is no UUID would fail in Postgres as a 500). */
export function parseChoice(value: unknown): JoinChoice | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^([^:]*):(month|year)$/.exec(value);
  return match && isUuid(match[1]!) ? { tierId: match[1]!.toLowerCase(), cadence: match[2] as Cadence } : undefined;
}

interface PriceOption {
  cadence: Cadence;
  label: string;
}

function priceOptions(tier: TierRow): PriceOption[] {
  if (tier.type === 'free') return [];
  const options: PriceOption[] = [];
  if (tier.monthlyPrice !== null) options.push({ cadence: 'month', label: `${formatMoney(tier.monthlyPrice, tier.currency, { compact: true })} a month` });
  if (tier.yearlyPrice !== null) {
    const saving = yearlySavingPercent(tier.monthlyPrice, tier.yearlyPrice);
    options.push({ cadence: 'year', label: `${formatMoney(tier.yearlyPrice, tier.currency, { compact: true })} a year${saving > 0 ? ` (save ${saving}%)` : ''}` });
  }
  return options;
}

export function priceHtml(tier: TierRow): string {
  if (tier.type === 'free') return tier.name.trim().toLowerCase() === 'free' ? '' : '<p class="tier__price">Free</p>';
  return `<p class="tier__price">${priceOptions(tier)
    .map((option) => text(option.label))
    .join('<span class="tier__or"> or </span>')}</p>`;
}

function signedOutAction(site: Site, tier: TierRow): string {
  const link = (cadence: Cadence, label: string) =>
    `<a class="button${cadence === 'year' ? ' button--quiet' : ''}" href="${sitePath(site, '/join')}?tier=${tier.id}&amp;cadence=${cadence}#join-signup">${text(label)}</a>`;
  // The form below joins the free tier: its card has no button of its own to compete with it.
  if (tier.type === 'free') return '';
  const options = priceOptions(tier);
  return `<div class="tier__actions">${options.map((option) => link(option.cadence, options.length > 1 ? `Choose ${option.cadence === 'month' ? 'monthly' : 'yearly'}` : `Choose ${tier.name}`)).join('')}</div>`;
}

function joinForm(site: Site, tier: TierRow, chosen: JoinChoice | undefined): string {
  const hidden = `<input type="hidden" name="tierId" value="${text(tier.id)}">`;
  if (tier.type === 'free') return `<form method="post" action="${sitePath(site, '/join')}">${hidden}<button class="button" type="submit">Join for free</button></form>`;
  const options = priceOptions(tier);
  const cadence =
    options.length > 1
      ? `<fieldset class="join__cadence"><legend>How often to pay</legend>${options
          .map((option, index) => {
            // Back from signing in with a choice in the link (`?tier=…&cadence=…`): that cadence is the one ticked.
            const checked = chosen?.tierId === tier.id && options.some((other) => other.cadence === chosen.cadence) ? option.cadence === chosen.cadence : index === 0;
            return `<label><input type="radio" name="cadence" value="${option.cadence}"${checked ? ' checked' : ''}> ${text(option.label)}</label>`;
          })
          .join('')}</fieldset>`
      : `<input type="hidden" name="cadence" value="${options[0]?.cadence ?? 'month'}">`;
  return `<form method="post" action="${sitePath(site, '/join')}">${hidden}${cadence}<button class="button" type="submit">Continue to payment</button></form>`;
}

function action(site: Site, tier: TierRow, input: JoinPageInput): string {
  const { joiner, current } = input;
  if (joiner === 'owner') return '<p class="tier__note">This is your site: you already see everything on it.</p>';
  if (joiner === 'signed-out') return signedOutAction(site, tier);
  if (current?.tierId === tier.id) return `<a class="button button--quiet" href="${sitePath(site)}">Read the posts</a>`;
  if (current?.paying) return `<p class="tier__note">To change your membership, go to <a href="${sitePath(site, '/account')}">your account</a>.</p>`;
  if (current && tier.type === 'free') return '<p class="tier__note">Included with your membership.</p>';
  return joinForm(site, tier, input.choice);
}

function tierCard(site: Site, tier: TierRow, input: JoinPageInput): string {
  const mine = input.current?.tierId === tier.id;
  const description = tier.description ? `<p>${text(tier.description)}</p>` : '';
  const benefits = tier.benefits.length > 0 ? `<ul class="tier__benefits">${tier.benefits.map((benefit) => `<li>${text(benefit)}</li>`).join('')}</ul>` : '';
  const badge = mine ? ' <span class="tier__badge">Your tier</span>' : '';
  return `<li class="tier${mine ? ' tier--current' : ''}"><h2 class="tier__name">${text(tier.name)}${badge}</h2>${priceHtml(tier)}${description}${benefits}${action(site, tier, input)}</li>`;
}

function fieldProblem(id: string, problem: string | undefined): { attrs: string; html: string } {
  if (!problem) return { attrs: '', html: '' };
  return { attrs: ` aria-invalid="true" aria-describedby="${id}-problem"`, html: `<p class="field__problem" id="${id}-problem">${text(problem)}</p>` };
}

function choiceOptions(tiers: TierRow[], chosen: JoinChoice | undefined): { html: string; only: JoinChoice | undefined } {
  const all = tiers.flatMap((tier): { tier: TierRow; cadence: Cadence; label: string }[] =>
    tier.type === 'free' ? [{ tier, cadence: 'month', label: `${tier.name}: free` }] : priceOptions(tier).map((option) => ({ tier, cadence: option.cadence, label: `${tier.name}: ${option.label}` })),
  );
  // One way in (a free tier alone): no choice to make, it rides along hidden.
  if (all.length === 1) return { html: '', only: { tierId: all[0]!.tier.id, cadence: all[0]!.cadence } };
  const fallback = all.find((option) => option.tier.type === 'free') ?? all[0];
  const isChosen = (option: (typeof all)[number]) => (chosen ? option.tier.id === chosen.tierId && option.cadence === chosen.cadence : option === fallback);
  const anyChosen = all.some(isChosen);
  const html = all
    .map((option) => {
      const checked = isChosen(option) || (!anyChosen && option === fallback);
      return `<label class="join__choice"><input type="radio" name="choice" value="${choiceValue(option.tier.id, option.cadence)}"${checked ? ' checked' : ''}> ${text(option.label)}</label>`;
    })
    .join('');
  return { html, only: undefined };
}

/**
 * "Continue with Google": a same-origin link into the server's Google flow,
 * carrying the join page (with the choice the visitor came in with) to return to.
 */
function googleSignInLink(site: Site, choice: JoinChoice | undefined): string {
  const back = `${sitePath(site, '/join')}${choice ? `?tier=${choice.tierId}&cadence=${choice.cadence}` : ''}`;
  return `<p class="join__google"><span class="join__or">or</span> <a class="button button--quiet" href="${text(`/api/auth/google?next=${encodeURIComponent(back)}`)}">Continue with Google</a></p>`;
}

/** The terms a join accepts, in the words of the sign-up form, under the button: the site's own copies (framed-pages.ts, docs/decisions/153). */
function joinTermsHtml(site: Pick<Site, 'handle' | 'domain'>, doing: string): string {
  return `<p class="join__terms">By ${doing} you agree to the <a href="${sitePath(site, '/terms')}">Terms</a> and <a href="${sitePath(site, '/privacy')}">Privacy Policy</a>.</p>`;
}

/**
 * The one e-mail field, its problem and the button: the join page and the
 * design's join section both use it (`id` keeps two forms on one page apart).
 * `doing` names what the reader agrees to the terms by: joining, or buying a product.
 */
export function emailJoinFields(site: Pick<Site, 'handle' | 'domain'>, id: string, email: string, problem: string | undefined, button: string, doing = 'joining'): string {
  const field = fieldProblem(id, problem);
  return `<div class="field join__email"><label for="${id}">Your e-mail</label><input id="${id}" name="email" type="email" autocomplete="email" inputmode="email" required value="${text(email)}"${field.attrs}>${field.html}</div>
<button class="button" type="submit">${text(button)}</button>
${joinTermsHtml(site, doing)}`;
}

function signupSection(site: Site, input: JoinPageInput): string {
  const form = input.signup ?? { email: '', problems: {} };
  const { problems } = form;
  const options = choiceOptions(input.tiers, input.choice);
  const choices = options.only
    ? `<input type="hidden" name="choice" value="${choiceValue(options.only.tierId, options.only.cadence)}">`
    : `<fieldset class="join__choices"><legend>Your membership</legend>${options.html}</fieldset>`;
  const onlyFree = options.only !== undefined && input.tiers.some((tier) => tier.id === options.only?.tierId && tier.type === 'free');
  const button = onlyFree ? 'Join for free' : 'Continue';
  const paidNote = onlyFree ? '' : '<p class="field__hint">A paid membership goes on to a secure payment page.</p>';
  return `<section class="join__signup" id="join-signup" aria-labelledby="join-signup-heading">
<h2 id="join-signup-heading">Join with your e-mail</h2>
<p>We will send you a link. Open it to join and sign in: no password needed.</p>
<form method="post" action="${sitePath(site, '/join/signup')}" novalidate>
${choices}${paidNote}
${emailJoinFields(site, 'join-email', form.email, problems.email, button)}
</form>
${input.googleSignIn ? googleSignInLink(site, input.choice) : ''}<p class="join__signin">Already a member? <a href="${sitePath(site, '/sign-in')}">Sign in</a>.</p>
</section>`;
}

/** After the form: the address the link went to, a way to send it again, and a way to use another address. */
function sentSection(site: Site, sent: NonNullable<JoinPageInput['sent']>): string {
  return `<section class="join join--sent" aria-labelledby="join-sent-heading">
<h1 id="join-sent-heading" tabindex="-1">Check your inbox</h1>
<p role="status">We sent a link to <strong class="join__address">${text(sent.email)}</strong>. Open it within 15 minutes to join ${text(site.title)}.</p>
<p>Not there? Look in your spam folder, or send it again.</p>
<form method="post" action="${sitePath(site, '/join/signup')}"><input type="hidden" name="email" value="${text(sent.email)}"><input type="hidden" name="choice" value="${choiceValue(sent.choice.tierId, sent.choice.cadence)}"><button class="button button--quiet" type="submit">Send the link again</button></form>
<p><a href="${sitePath(site, '/join')}">Use another address</a></p>
</section>`;
}

const LINK_PROBLEMS: Record<JoinLinkProblem, { heading: string; text: string }> = {
  used: { heading: 'This link was already used', text: 'Each link works once. Enter your e-mail below and we will send you a new one.' },
  expired: { heading: 'This link has expired', text: 'Links work for 15 minutes. Enter your e-mail below and we will send you a new one.' },
  unknown: { heading: 'This link does not work here', text: 'It may be for another site, or incomplete. Enter your e-mail below and we will send you a new one.' },
};

function linkProblemHtml(problem: JoinLinkProblem): string {
  const words = LINK_PROBLEMS[problem];
  return `<div class="notice notice--error" role="alert"><h2>${words.heading}</h2><p>${words.text}</p></div>`;
}

export function joinMain(input: JoinPageInput): string {
  const { site, tiers, joiner, error } = input;
  if (input.sent) return sentSection(site, input.sent);
  const errorHtml = `${input.linkProblem ? linkProblemHtml(input.linkProblem) : ''}${error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : ''}`;
  const list = tiers.length > 0 ? `<ul class="tiers">${tiers.map((tier) => tierCard(site, tier, input)).join('')}</ul>` : '<p class="empty">This site has no memberships open yet.</p>';
  const signup = joiner === 'signed-out' && tiers.length > 0 ? signupSection(site, input) : '';
  // A paid tier can be given: the gift page (server/public-site/gift-routes.ts, docs/decisions/165).
  const gift = tiers.some((tier) => tier.type === 'paid') ? `<p class="join__gift"><a href="${sitePath(site, '/gift')}">Give a membership as a gift</a></p>` : '';
  return `<section class="join"><h1>Join ${text(site.title)}</h1>${site.tagline ? `<p class="join__tagline">${text(site.tagline)}</p>` : ''}${errorHtml}${list}${signup}${gift}</section>`;
}

export function joinHead({ site, appUrl }: JoinPageInput): PageHead {
  return {
    title: `Join ${site.title}`,
    description: `Become a member of ${site.title}.`,
    canonicalUrl: siteUrl(site, appUrl, '/join'),
    type: 'website',
    siteName: site.title,
    noindex: true,
  };
}
