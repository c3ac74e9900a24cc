/**
 * `/@{handle}/join`: the site's open tiers, free and paid, monthly and yearly,
 * and the way in, all plain HTML forms that work with JavaScript off. A
 * visitor who is not signed in makes a member account right here and joins in
 * the same step (a paid choice goes on to Stripe Checkout); a signed-in reader
 * joins with one click; a member sees their tier marked.
 */
import type { Cadence } from '../../common/memberships.ts';
import { formatMoney } from '../../common/money.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { yearlySavingPercent } from '../../common/tiers.ts';
import { PASSWORD_MIN_LENGTH } from '../../common/constants.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import type { PageHead } from './page-shell.ts';
import type { TierRow } from './site-rows.ts';

export type JoinerState = 'signed-out' | 'owner' | 'signed-in';

/** What the sign-up form shows again after a refusal: the typed name and address (never the password) and each field's problem. */
export interface SignupForm {
  fullName: string;
  email: string;
  problems: Partial<Record<'fullName' | 'email' | 'password' | 'agreeToTerms' | 'choice', string>>;
}

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
  if (tier.type === 'free') return `<div class="tier__actions">${link('month', 'Join for free')}</div>`;
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

function choiceOptions(tiers: TierRow[], chosen: JoinChoice | undefined): string {
  const all = tiers.flatMap((tier): { tier: TierRow; cadence: Cadence; label: string }[] =>
    tier.type === 'free' ? [{ tier, cadence: 'month', label: `${tier.name}: free` }] : priceOptions(tier).map((option) => ({ tier, cadence: option.cadence, label: `${tier.name}: ${option.label}` })),
  );
  const fallback = all.find((option) => option.tier.type === 'free') ?? all[0];
  const isChosen = (option: (typeof all)[number]) => (chosen ? option.tier.id === chosen.tierId && option.cadence === chosen.cadence : option === fallback);
  const anyChosen = all.some(isChosen);
  return all
    .map((option) => {
      const checked = isChosen(option) || (!anyChosen && option === fallback);
      return `<label class="join__choice"><input type="radio" name="choice" value="${choiceValue(option.tier.id, option.cadence)}"${checked ? ' checked' : ''}> ${text(option.label)}</label>`;
    })
    .join('');
}

/**
 * "Continue with Google": a same-origin link into the server's Google flow,
 * carrying the join page (with the choice the visitor came in with) to return to.
 */
function googleSignInLink(site: Site, choice: JoinChoice | undefined): string {
  const back = `${sitePath(site, '/join')}${choice ? `?tier=${choice.tierId}&cadence=${choice.cadence}` : ''}`;
  return `<p class="join__google"><a class="button button--quiet" href="${text(`/api/auth/google?next=${encodeURIComponent(back)}`)}">Continue with Google</a></p>
<p class="join__or">or with your e-mail:</p>`;
}

function signupSection(site: Site, input: JoinPageInput): string {
  const form = input.signup ?? { fullName: '', email: '', problems: {} };
  const { problems } = form;
  const name = fieldProblem('join-name', problems.fullName);
  const email = fieldProblem('join-email', problems.email);
  const password = fieldProblem('join-password', problems.password);
  const terms = fieldProblem('join-terms', problems.agreeToTerms);
  const choice = fieldProblem('join-choice', problems.choice);
  const back = encodeURIComponent(sitePath(site, '/join'));
  return `<section class="join__signup" id="join-signup" aria-labelledby="join-signup-heading">
<h2 id="join-signup-heading">Create your member account</h2>
<p>One account lets you join ${text(site.title)} and any other site here. We will send you a link to confirm your e-mail.</p>
${input.googleSignIn ? googleSignInLink(site, input.choice) : ''}<form method="post" action="${sitePath(site, '/join/signup')}" novalidate>
<fieldset class="join__choices"${choice.attrs}><legend>Your membership</legend>${choiceOptions(input.tiers, input.choice)}${choice.html}</fieldset>
<div class="field"><label for="join-name">Full name</label><input id="join-name" name="fullName" autocomplete="name" required value="${text(form.fullName)}"${name.attrs}>${name.html}</div>
<div class="field"><label for="join-email">E-mail</label><input id="join-email" name="email" type="email" autocomplete="email" required value="${text(form.email)}"${email.attrs}>${email.html}</div>
<div class="field"><label for="join-password">Password</label><input id="join-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}"${password.attrs || ' aria-describedby="join-password-hint"'}><p class="field__hint" id="join-password-hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>${password.html}</div>
<div class="field field--check"><input id="join-terms" name="agreeToTerms" type="checkbox" value="on" required${terms.attrs}><label for="join-terms">I agree to the <a href="/terms-conditions">Terms</a> and <a href="/privacy-policy">Privacy Policy</a></label>${terms.html}</div>
<button class="button" type="submit">Create account and join</button>
</form>
<p class="join__signin">Already have an account? <a href="/login?next=${back}">Sign in to join</a></p>
</section>`;
}

export function joinMain(input: JoinPageInput): string {
  const { site, tiers, joiner, error } = input;
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  const list = tiers.length > 0 ? `<ul class="tiers">${tiers.map((tier) => tierCard(site, tier, input)).join('')}</ul>` : '<p class="empty">This site has no memberships open yet.</p>';
  const signup = joiner === 'signed-out' && tiers.length > 0 ? signupSection(site, input) : '';
  return `<section class="join"><h1>Join ${text(site.title)}</h1>${site.tagline ? `<p class="join__tagline">${text(site.tagline)}</p>` : ''}${errorHtml}${list}${signup}</section>`;
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
