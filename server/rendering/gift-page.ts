/**
 * The site's gift pages, in its design (docs/decisions/165): `/@{handle}/gift` (`/gift` on its domain), where anyone
 * chooses a paid tier and 1, 3, 6 or 12 months (each price shown), names a recipient's address, a send date and a
 * message if they like, and goes on to Checkout; and `/gift/redeem?code=…`, which shows the gift (tier, months, the
 * buyer's message as text) and redeems it for a signed-in reader, or asks a visitor for their e-mail to sign in or join
 * first. Plain forms: JavaScript may be off. Everything a person typed is written as text.
 */
import { EARN_MESSAGE_MAX, GIFT_MONTHS, type GiftMonths, type GiftStatus } from '../../common/earn.ts';
import { giftPrice } from '../../common/gift-price.ts';
import { formatMoney } from '../../common/money.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import { emailJoinFields, type JoinerState } from './join-page.ts';
import type { PageHead } from './page-shell.ts';
import type { TierRow } from './site-rows.ts';

/** What the buyer typed, shown again with the problems after a refusal. */
export interface GiftForm {
  tierId: string;
  months: string;
  recipientEmail: string;
  sendOn: string;
  message: string;
  email: string;
  problems: Partial<Record<'tierId' | 'months' | 'recipientEmail' | 'sendOn' | 'message' | 'email', string>>;
}

export interface GiftPageInput {
  site: Site;
  /** The site's paid tiers open to join. */
  tiers: TierRow[];
  joiner: JoinerState;
  form?: GiftForm;
  /** Back from Checkout, paid. */
  bought?: boolean;
  error?: string;
  /** Today and the last day a send date may name (YYYY-MM-DD, UTC): the date field's bounds. */
  today: string;
  lastSendDay: string;
  appUrl: URL;
}

const monthsWords = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

function problemOf(id: string, problem: string | undefined): { attrs: string; html: string } {
  if (!problem) return { attrs: '', html: '' };
  return { attrs: ` aria-invalid="true" aria-describedby="${id}-problem"`, html: `<p class="field__problem" id="${id}-problem">${text(problem)}</p>` };
}

/** Each tier with its price for every number of months it can be given for. */
function tierChoices(tiers: TierRow[], form: GiftForm | undefined): string {
  const chosen = form?.tierId ?? tiers[0]?.id;
  const problem = problemOf('gift-tier', form?.problems.tierId);
  return `<fieldset class="join__choices gift__tiers"${problem.attrs}><legend>Membership</legend>${tiers
    .map((tier) => {
      const prices = GIFT_MONTHS.flatMap((months) => {
        const price = giftPrice(tier, months);
        return price === undefined ? [] : [`${monthsWords(months)} ${formatMoney(price, tier.currency, { compact: true })}`];
      });
      return `<label class="join__choice"><input type="radio" name="tierId" value="${text(tier.id)}"${tier.id === chosen ? ' checked' : ''}> <span><strong>${text(tier.name)}</strong><span class="gift__prices">${text(prices.join(' · '))}</span></span></label>`;
    })
    .join('')}${problem.html}</fieldset>`;
}

function monthsChoice(form: GiftForm | undefined): string {
  const chosen = Number(form?.months ?? 3);
  const problem = problemOf('gift-months', form?.problems.months);
  const options = GIFT_MONTHS.map((months: GiftMonths) => `<option value="${months}"${months === chosen ? ' selected' : ''}>${monthsWords(months)}</option>`).join('');
  return `<div class="field"><label for="gift-months">How long</label><select id="gift-months" name="months"${problem.attrs}>${options}</select>${problem.html}</div>`;
}

/** A labelled field; `control` writes the input with the attributes that tie it to its label, hint and problem. */
function field(id: string, name: string, label: string, control: (attrs: string) => string, problem: string | undefined, hint = ''): string {
  const checked = problemOf(id, problem);
  const described = hint && !problem ? ` aria-describedby="${id}-hint"` : '';
  return `<div class="field"><label for="${id}">${label}</label>${hint ? `<p class="field__hint" id="${id}-hint">${hint}</p>` : ''}${control(` id="${id}" name="${name}"${described}${checked.attrs}`)}${checked.html}</div>`;
}

function buyForm(input: GiftPageInput): string {
  const { site, form, joiner } = input;
  const problems = form?.problems ?? {};
  const buyerEmail =
    joiner === 'signed-out'
      ? field('gift-email', 'email', 'Your e-mail', (attrs) => `<input type="email" autocomplete="email" inputmode="email" required value="${text(form?.email ?? '')}"${attrs}>`, problems.email, 'For your receipt.')
      : '';
  return `<form class="gift__form join__signup" method="post" action="${sitePath(site, '/gift')}" novalidate>
${tierChoices(input.tiers, form)}
${monthsChoice(form)}
${field('gift-recipient', 'recipientEmail', 'Their e-mail (optional)', (attrs) => `<input type="email" autocomplete="off" inputmode="email" value="${text(form?.recipientEmail ?? '')}"${attrs}>`, problems.recipientEmail, 'We e-mail them the gift. Leave it empty to get the link yourself and pass it on.')}
${field('gift-send-on', 'sendOn', 'Send on (optional)', (attrs) => `<input type="date" min="${input.today}" max="${input.lastSendDay}" value="${text(form?.sendOn ?? '')}"${attrs}>`, problems.sendOn, 'Empty: at once.')}
${field('gift-message', 'message', 'Message (optional)', (attrs) => `<textarea rows="4" maxlength="${EARN_MESSAGE_MAX}"${attrs}>${text(form?.message ?? '')}</textarea>`, problems.message)}
${buyerEmail}
<p class="field__hint">One payment, on a secure payment page. Nothing renews.</p>
<button class="button" type="submit">Buy gift</button>
</form>`;
}

export function giftMain(input: GiftPageInput): string {
  const { site, tiers, bought, error } = input;
  const heading = `<h1>Give ${text(site.title)}</h1>`;
  if (bought) {
    return `<section class="join join--sent gift" aria-labelledby="gift-thanks"><h1 id="gift-thanks" tabindex="-1">Thank you for your gift</h1>
<p role="status">Your receipt is on its way by e-mail. If you named someone, they get the gift by e-mail on the day you chose; if not, the link to pass on is in your receipt.</p>
<p><a href="${sitePath(site)}">Back to ${text(site.title)}</a></p></section>`;
  }
  if (tiers.length === 0) return `<section class="join gift">${heading}<p class="notice" role="status">${text(site.title)} has no paid memberships to give yet.</p></section>`;
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  const ownerNote = input.joiner === 'owner' ? '<p class="tier__note">This is your gift page: share its address with your readers.</p>' : '';
  return `<section class="join gift">${heading}<p class="join__tagline">Give someone a membership: they get it by e-mail and it ends by itself.</p>${errorHtml}${ownerNote}${buyForm(input)}</section>`;
}

export function giftHead({ site, appUrl }: Pick<GiftPageInput, 'site' | 'appUrl'>): PageHead {
  return { title: `Give a gift · ${site.title}`, description: `Give a membership of ${site.title}.`, canonicalUrl: siteUrl(site, appUrl, '/gift'), type: 'website', siteName: site.title };
}

export interface RedeemPageInput {
  site: Site;
  code: string;
  /** The gift the code opens, or undefined when it opens none of this site's. */
  gift?: { status: GiftStatus; months: number; message: string; tierName: string };
  joiner: JoinerState;
  /** Redeemed just now: the membership and its end. */
  redeemed?: { tierName: string; endsAt: Date };
  /** A visitor's address the sign-in link went to. */
  sent?: string;
  emailProblem?: string;
  email?: string;
  error?: string;
}

const longDate = (date: Date) => date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function redeemAction(input: RedeemPageInput): string {
  const { site, code, joiner } = input;
  const action = sitePath(site, '/gift/redeem');
  const hidden = `<input type="hidden" name="code" value="${text(code)}">`;
  if (joiner === 'owner') return '<p class="tier__note">This is a gift of your own site: the person you give the link to redeems it here.</p>';
  if (joiner === 'signed-in') return `<form method="post" action="${action}">${hidden}<button class="button" type="submit">Redeem</button></form>`;
  return `<form class="sign-in__form" method="post" action="${action}" novalidate>${hidden}
<p>Enter your e-mail to sign in or join. We send you a link; once you are signed in, open this gift's link again to redeem it.</p>
${emailJoinFields(site, 'redeem-email', input.email ?? '', input.emailProblem, 'Send me a link')}
</form>
<p class="join__signin">Have a password? <a href="${text(`/login?next=${encodeURIComponent(`${sitePath(site, '/gift/redeem')}?code=${code}`)}`)}">Sign in with a password</a>.</p>`;
}

export function redeemMain(input: RedeemPageInput): string {
  const { site, gift, redeemed, sent, error } = input;
  if (redeemed) {
    return `<section class="join join--sent gift" aria-labelledby="redeemed-heading"><h1 id="redeemed-heading" tabindex="-1">Welcome to ${text(site.title)}</h1>
<p role="status">You are a ${text(redeemed.tierName)} member until ${text(longDate(redeemed.endsAt))}. Nothing renews and nothing is charged.</p>
<p><a class="button" href="${sitePath(site)}">Start reading</a></p></section>`;
  }
  if (sent) {
    return `<section class="join join--sent gift" aria-labelledby="redeem-sent"><h1 id="redeem-sent" tabindex="-1">Check your inbox</h1>
<p role="status">We sent a link to <strong class="join__address">${text(sent)}</strong>. Open it within 15 minutes to sign in, then open your gift's link again to redeem it.</p></section>`;
  }
  if (!gift) return `<section class="join gift"><h1>This gift link does not work</h1><p class="notice" role="status">It may be incomplete or for another site. Check the link in your e-mail.</p></section>`;
  const message = gift.message ? `<blockquote class="gift__message"><p>${text(gift.message)}</p></blockquote>` : '';
  const heading = `<h1>A gift: ${text(monthsWords(gift.months))} of ${text(gift.tierName)}</h1><p class="join__tagline">A membership of ${text(site.title)}</p>`;
  const closed = gift.status === 'redeemed' ? 'This gift has already been redeemed.' : gift.status === 'refunded' ? 'This gift was refunded, so it can no longer be redeemed.' : undefined;
  if (closed) return `<section class="join gift">${heading}<p class="notice" role="status">${text(closed)}</p></section>`;
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  return `<section class="join gift">${heading}${errorHtml}${message}<p>The membership starts when you redeem it and ends by itself after ${text(monthsWords(gift.months))}.</p>${redeemAction(input)}</section>`;
}

export function redeemHead({ site, appUrl }: { site: Site; appUrl: URL }): PageHead {
  return { title: `Your gift · ${site.title}`, description: `A gift membership of ${site.title}.`, canonicalUrl: siteUrl(site, appUrl, '/gift/redeem'), type: 'website', siteName: site.title, noindex: true };
}
