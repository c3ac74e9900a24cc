/**
 * `/@{handle}/join`: the site's tiers and the way in. A signed-in reader joins
 * the free tier with a plain form (works with JavaScript off); a signed-out
 * visitor is asked to sign in or create an account first. Paid tiers are shown
 * as coming soon until the members issue adds checkout.
 */
import type { Site } from '../sites/site-lookup.ts';
import { text } from './html.ts';
import type { PageHead } from './page-shell.ts';
import type { TierRow } from './site-content.ts';

export type JoinerState = 'signed-out' | 'owner' | 'member' | 'can-join';

export interface JoinPageInput {
  site: Site;
  tiers: TierRow[];
  joiner: JoinerState;
  /** Set after a join by the form, or when it was refused. */
  notice?: 'joined' | 'failed';
  appUrl: URL;
}

function price(tier: TierRow): string {
  if (tier.type === 'free' || tier.monthlyPrice === null) return 'Free';
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: tier.currency.toUpperCase() });
  return `${money.format(tier.monthlyPrice / 100)} a month`;
}

function action(site: Site, tier: TierRow, joiner: JoinerState): string {
  if (tier.type !== 'free') return '<p class="tier__note">Paid membership is coming soon.</p>';
  const back = encodeURIComponent(`/@${site.handle}/join`);
  switch (joiner) {
    case 'signed-out':
      return `<p class="tier__note">Sign in or create an account to join.</p><div class="tier__actions"><a class="button" href="/login?next=${back}">Sign in to join</a><a class="button button--quiet" href="/signup?next=${back}">Create an account</a></div>`;
    case 'owner':
      return '<p class="tier__note">This is your site: you already see everything on it.</p>';
    case 'member':
      return `<p class="tier__note">You are a member.</p><a class="button button--quiet" href="/@${site.handle}">Read the posts</a>`;
    case 'can-join':
      return `<form method="post" action="/@${site.handle}/join"><input type="hidden" name="tierId" value="${text(tier.id)}"><button class="button" type="submit">Join for free</button></form>`;
  }
}

function tierCard(site: Site, tier: TierRow, joiner: JoinerState): string {
  const description = tier.description ? `<p>${text(tier.description)}</p>` : '';
  const benefits = tier.benefits.length > 0 ? `<ul class="tier__benefits">${tier.benefits.map((benefit) => `<li>${text(benefit)}</li>`).join('')}</ul>` : '';
  const priceText = price(tier);
  // A free tier named "Free" needs no second "Free" under it.
  const priceHtml = priceText.toLowerCase() === tier.name.trim().toLowerCase() ? '' : `<p class="tier__price">${priceText}</p>`;
  return `<li class="tier"><h2 class="tier__name">${text(tier.name)}</h2>${priceHtml}${description}${benefits}${action(site, tier, joiner)}</li>`;
}

const NOTICES = {
  joined: (site: Site) => `<p class="notice notice--success" role="status">Welcome! You are now a member of ${text(site.title)}.</p>`,
  failed: () => '<p class="notice notice--error" role="alert">We could not add you as a member. Please try again.</p>',
};

export function joinMain({ site, tiers, joiner, notice }: JoinPageInput): string {
  const noticeHtml = notice ? NOTICES[notice](site) : '';
  const list = tiers.length > 0 ? `<ul class="tiers">${tiers.map((tier) => tierCard(site, tier, joiner)).join('')}</ul>` : '<p class="empty">This site has no memberships open yet.</p>';
  return `<section class="join"><h1>Join ${text(site.title)}</h1>${site.tagline ? `<p class="join__tagline">${text(site.tagline)}</p>` : ''}${noticeHtml}${list}</section>`;
}

export function joinHead({ site, appUrl }: JoinPageInput): PageHead {
  return {
    title: `Join ${site.title}`,
    description: `Become a member of ${site.title}.`,
    canonicalUrl: new URL(`/@${site.handle}/join`, appUrl).href,
    type: 'website',
    siteName: site.title,
    noindex: true,
  };
}
