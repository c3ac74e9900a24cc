/**
 * `/@{handle}/offers/{code}` (and `/offers/{code}` on the site's domain): one offer on one paid tier, in the site's
 * design like the join page: the tier, its price struck and the offer's price (or "14 days free, then $5 a month"),
 * and "Claim offer", a plain form that works with JavaScript off. A signed-in reader goes on to Checkout at once; a
 * visitor gives an e-mail address, as on the join page. An offer that is archived, past its date or full says so
 * kindly and points to the memberships still open.
 */
import type { OfferStatus } from '../../common/earn.ts';
import type { Cadence } from '../../common/memberships.ts';
import { formatMoney } from '../../common/money.ts';
import { offerPriceWords, type OfferTerms } from '../../common/offer-terms.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import { emailJoinFields, type JoinerState, type SignupForm } from './join-page.ts';
import type { PageHead } from './page-shell.ts';
import type { TierRow } from './site-rows.ts';

export interface OfferPageInput {
  site: Site;
  offer: OfferTerms & { name: string; code: string };
  tier: TierRow;
  status: OfferStatus;
  joiner: JoinerState;
  /** The reader already pays for a membership of this site: they change it from their account. */
  paying?: boolean;
  signup?: SignupForm;
  /** The link was mailed: the page says "Check your inbox". */
  sent?: { email: string };
  error?: string;
  appUrl: URL;
}

/** The price the offer is read against: the monthly one when the tier has it (the Checkout's cadence too). */
export function offerCadence(tier: Pick<TierRow, 'monthlyPrice'>): Cadence {
  return tier.monthlyPrice !== null ? 'month' : 'year';
}

const CLOSED: Record<Exclude<OfferStatus, 'active'>, string> = {
  archived: 'This offer is no longer available.',
  ended: 'This offer has ended.',
  full: 'This offer has been claimed by as many readers as it allowed.',
};

function priceHtml({ offer, tier }: OfferPageInput): string {
  const cadence = offerCadence(tier);
  const price = cadence === 'month' ? tier.monthlyPrice : tier.yearlyPrice;
  if (price === null) return '';
  const full = `${formatMoney(price, tier.currency, { compact: true })} a ${cadence}`;
  return `<p class="tier__price"><s aria-label="Usually ${text(full)}">${text(full)}</s> <span class="offer__price">${text(offerPriceWords(offer, price, tier.currency, cadence))}</span></p>`;
}

function claimHtml(input: OfferPageInput): string {
  const { site, offer, joiner } = input;
  const action = sitePath(site, `/offers/${offer.code}`);
  if (joiner === 'owner') return '<p class="tier__note">This is your offer: readers see a "Claim offer" button here.</p>';
  if (input.paying) return `<p class="tier__note">You are already a paying member. To change your membership, go to <a href="${sitePath(site, '/account')}">your account</a>.</p>`;
  if (joiner === 'signed-in') return `<form method="post" action="${action}"><button class="button" type="submit">Claim offer</button></form>`;
  const form = input.signup ?? { email: '', problems: {} };
  return `<form class="sign-in__form" method="post" action="${action}" novalidate>
<p class="field__hint">Claiming goes on to a secure payment page.</p>
${emailJoinFields(site, 'offer-email', form.email, form.problems.email, 'Claim offer')}
</form>
<p class="join__signin">Already a member? <a href="${sitePath(site, '/sign-in')}">Sign in</a>.</p>`;
}

function sentHtml(site: Site, email: string): string {
  return `<section class="join join--sent" aria-labelledby="offer-sent-heading">
<h1 id="offer-sent-heading" tabindex="-1">Check your inbox</h1>
<p role="status">We sent a link to <strong class="join__address">${text(email)}</strong>. Open it within 15 minutes to sign in, then claim the offer on this page.</p>
<p><a href="${sitePath(site, '/join')}">See all memberships</a></p>
</section>`;
}

export function offerMain(input: OfferPageInput): string {
  const { site, offer, tier, status, error } = input;
  if (input.sent) return sentHtml(site, input.sent.email);
  const heading = `<h1>${text(offer.name)}</h1><p class="join__tagline">An offer from ${text(site.title)}</p>`;
  if (status !== 'active') {
    return `<section class="join offer offer--closed">${heading}<p class="notice" role="status">${text(CLOSED[status])}</p><p><a class="button button--quiet" href="${sitePath(site, '/join')}">See the memberships open now</a></p></section>`;
  }
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  const description = tier.description ? `<p>${text(tier.description)}</p>` : '';
  const benefits = tier.benefits.length > 0 ? `<ul class="tier__benefits">${tier.benefits.map((benefit) => `<li>${text(benefit)}</li>`).join('')}</ul>` : '';
  return `<section class="join offer">${heading}${errorHtml}<div class="tier"><h2 class="tier__name">${text(tier.name)}</h2>${priceHtml(input)}${description}${benefits}${claimHtml(input)}</div></section>`;
}

export function offerHead({ site, offer, appUrl }: OfferPageInput): PageHead {
  return {
    title: `${offer.name} · ${site.title}`,
    description: `An offer on a membership of ${site.title}.`,
    canonicalUrl: siteUrl(site, appUrl, `/offers/${offer.code}`),
    type: 'website',
    siteName: site.title,
    noindex: true,
  };
}
