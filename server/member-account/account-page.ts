/**
 * `/@{handle}/account`: a member's membership of one site, server-rendered and
 * usable without JavaScript. Tier, status in plain words, what they pay, the
 * private feed link (shown once, right after it is made: only its hash is
 * kept), billing through Stripe's portal, and leaving with a confirmation;
 * then the member's own rights (account-rights-page.ts).
 */
import { FULL_NAME_MAX_LENGTH } from '../../common/constants.ts';
import { formatMoney } from '../../common/money.ts';
import { filesGoneWords, formatBytes, formatDate, text, type PageHead } from '../rendering/index.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import type { MemberAccount } from './member-account-service.ts';

/** A product the member bought (server/products/): its files, each `query` appended to the site's `/downloads`. */
export interface AccountPurchase {
  title: string;
  files: { name: string; kind: string; bytes: number; query: string }[];
  filesGone: number;
}

export type AccountNotice = 'left' | 'new-feed' | 'billing-failed' | 'emails-on' | 'emails-off' | 'name-saved' | 'name-refused';

export interface AccountPageInput {
  site: Site;
  appUrl: URL;
  account: MemberAccount | undefined;
  /** The feed URL just made, shown this once. */
  feedUrl?: string;
  confirmLeave: boolean;
  notice?: AccountNotice;
  /** The member's messages with the creator, already rendered (server/messaging/account-messages.ts). */
  messagesHtml?: string;
  /** Products bought on this site, each file with a link made for this page load. */
  purchases?: AccountPurchase[];
  /** The address the reader signed in with, beside the page's sign-out. */
  signedInAs?: string;
  /** "Your data" and "Delete my account" (account-rights-page.ts, docs/decisions/159), already rendered: a member's rights, open on a suspended site too. */
  rightsHtml?: string;
  /** The reader's name: empty for a fan who joined with their address alone (docs/decisions/145), who may give one here. */
  name?: string;
  /**
   * The operator suspended the site: the page keeps only what lets a member stop
   * paying or leave (docs/decisions/124); no feed, no e-mails, no messages.
   */
  suspended?: boolean;
}

/** The membership's state as a sentence a member understands. */
export function statusInWords(account: MemberAccount): string {
  const on = (date: Date | null) => (date ? ` on ${formatDate(date)}` : '');
  switch (account.status) {
    case 'active':
      if (account.cadence === null) return 'Active';
      return account.cancelAtPeriodEnd ? `Active — ends${on(account.currentPeriodEnd)}` : `Active — renews${on(account.currentPeriodEnd)}`;
    case 'trialing':
      return account.cancelAtPeriodEnd ? `Free trial — ends${on(account.currentPeriodEnd)}` : `Free trial — first payment${on(account.currentPeriodEnd)}`;
    case 'past_due':
      return 'Payment failed — update your card';
    case 'comped':
      return account.compExpiresAt ? `Complimentary — until ${formatDate(account.compExpiresAt)}` : 'Complimentary';
    case 'canceled':
    case 'expired':
      return 'Ended';
  }
}

function priceInWords(account: MemberAccount): string {
  if (account.amount === null || account.currency === null || account.cadence === null) return 'Free';
  return `${formatMoney(account.amount, account.currency)} a ${account.cadence}`;
}

const NOTICES: Record<AccountNotice, string> = {
  left: '<p class="notice notice--success" role="status">You have left. Members posts show their preview again.</p>',
  'new-feed': '<p class="notice notice--success" role="status">Your feed link is ready. Any link you had before no longer works.</p>',
  'billing-failed': '<p class="notice notice--error" role="alert">We could not open billing just now. Please try again in a moment.</p>',
  'emails-on': '<p class="notice notice--success" role="status">You will get new posts by e-mail.</p>',
  'emails-off': '<p class="notice notice--success" role="status">You will no longer get new posts by e-mail.</p>',
  'name-saved': '<p class="notice notice--success" role="status">Your name is saved.</p>',
  'name-refused': `<p class="notice notice--error" role="alert">Enter your name, up to ${FULL_NAME_MAX_LENGTH} characters.</p>`,
};

/** The name the creator and other members see (comments, messages); a fan who joined with an address alone gives it here. */
/** "Purchases": each product and its files, linked for a few minutes (a fresh link on each load of the page). */
function purchasesSection({ site, purchases = [] }: AccountPageInput): string {
  if (purchases.length === 0) return '';
  const downloads = sitePath(site, '/downloads');
  const items = purchases.map((purchase) => {
    const gone = purchase.filesGone > 0 ? `<p class="notice" role="status">${text(filesGoneWords(purchase.filesGone))}</p>` : '';
    const files = purchase.files.map((file) => `<li><a href="${text(`${downloads}${file.query}`)}" download>${text(file.name)}</a> <span class="product__file-meta">${text(formatBytes(file.bytes))}</span></li>`).join('');
    return `<li><h3>${text(purchase.title)}</h3>${gone}${files ? `<ul class="product__files">${files}</ul>` : ''}</li>`;
  });
  return `<section class="account__section" aria-labelledby="purchases-heading"><h2 id="purchases-heading">Purchases</h2><ul class="account__purchases">${items.join('')}</ul></section>`;
}

function nameSection({ site, name = '' }: AccountPageInput): string {
  return `<section class="account__section" aria-labelledby="name-heading"><h2 id="name-heading">Your name</h2><p>Shown with your comments and messages.</p><form method="post" action="/@${site.handle}/account/name"><label class="account__label" for="account-name">Name</label><input class="account__field" id="account-name" name="fullName" autocomplete="name" required maxlength="${FULL_NAME_MAX_LENGTH}" value="${text(name)}"><button class="button button--quiet" type="submit">Save name</button></form></section>`;
}

/** Newsletters on or off: what a mail's unsubscribe link turned off comes back on here. */
function emailsSection(site: Site, account: MemberAccount): string {
  const words = account.subscribedToEmails
    ? { body: `You get new posts of ${text(site.title)} by e-mail.`, button: 'Stop e-mails', value: '0' }
    : { body: `You do not get new posts of ${text(site.title)} by e-mail.`, button: 'Get posts by e-mail', value: '1' };
  return `<section class="account__section" aria-labelledby="emails-heading"><h2 id="emails-heading">E-mails</h2><p>${words.body}</p><form method="post" action="/@${site.handle}/account/emails"><input type="hidden" name="on" value="${words.value}"><button class="button button--quiet" type="submit">${words.button}</button></form></section>`;
}

function feedSection(site: Site, account: MemberAccount, feedUrl: string | undefined): string {
  const action = `/@${site.handle}/account/feed-link`;
  const intro =
    '<p>Add this link to a podcast app or feed reader to get every post you can read, audio included. Keep it to yourself: anyone with the link can read what you can.</p>';
  if (feedUrl) {
    return `<section class="account__section" aria-labelledby="feed-heading"><h2 id="feed-heading">Your private feed</h2>${intro}<label class="account__label" for="feed-url">Feed link (we show it only now — copy it)</label><input class="account__field" id="feed-url" type="text" readonly value="${text(feedUrl)}"><form method="post" action="${action}"><button class="button button--quiet" type="submit">Get a new link</button></form></section>`;
  }
  const button = account.hasFeed ? 'Get a new link' : 'Get my feed link';
  const note = account.hasFeed ? '<p class="tier__note">You already have a link. Getting a new one stops the old one.</p>' : '';
  return `<section class="account__section" aria-labelledby="feed-heading"><h2 id="feed-heading">Your private feed</h2>${intro}${note}<form method="post" action="${action}"><button class="button" type="submit">${button}</button></form></section>`;
}

function billingSection(site: Site, account: MemberAccount): string {
  if (account.billedByStripe) {
    return `<section class="account__section" aria-labelledby="billing-heading"><h2 id="billing-heading">Billing</h2><p>Change your card, see your invoices or cancel on Stripe's secure page. If you cancel, you keep access until the end of the period you paid for.</p><form method="post" action="/api/sites/${site.handle}/billing-portal"><button class="button" type="submit">Manage billing</button></form></section>`;
  }
  if (!account.entitled) return '';
  return `<section class="account__section" aria-labelledby="leave-heading"><h2 id="leave-heading">Leave</h2><p>You stop being a member now and members posts show their preview again. You can join again any time.</p><a class="button button--quiet" href="/@${site.handle}/account?leave=1">Leave ${text(site.title)}</a></section>`;
}

function confirmLeave(site: Site): string {
  return `<section class="account__section account__confirm" aria-labelledby="confirm-heading"><h2 id="confirm-heading">Leave ${text(site.title)}?</h2><p>You lose access to members posts now, and your private feed link stops working.</p><div class="tier__actions"><form method="post" action="/@${site.handle}/account/leave"><button class="button" type="submit">Yes, leave</button></form><a class="button button--quiet" href="/@${site.handle}/account">Stay a member</a></div></section>`;
}

/** Signing out here ends this session only: on a custom domain, the one bound to that domain (docs/decisions/148). */
function signOutSection({ site, signedInAs }: AccountPageInput): string {
  const who = signedInAs ? `<p>You are signed in as <strong>${text(signedInAs)}</strong>.</p>` : '';
  return `<section class="account__section" aria-labelledby="sign-out-heading"><h2 id="sign-out-heading">Sign out</h2>${who}<form method="post" action="/@${site.handle}/account/sign-out"><button class="button button--quiet" type="submit">Sign out</button></form></section>`;
}

export function accountMain(input: AccountPageInput): string {
  const rights = input.rightsHtml ?? '';
  if (input.suspended) return `<section class="join account">${suspendedMembershipHtml(input)}${signOutSection(input)}${rights}</section>`;
  // The site's page, not the platform's: it offers nothing of the platform, such as a site of one's own (docs/decisions/142).
  return `<section class="join account">${membershipHtml(input)}${purchasesSection(input)}${input.messagesHtml ?? ''}${nameSection(input)}${signOutSection(input)}${rights}</section>`;
}

function suspendedMembershipHtml({ site, account, confirmLeave: confirming, notice }: AccountPageInput): string {
  const heading = `<h1>Your membership</h1><p class="join__tagline">${text(site.title)}</p>`;
  const why = `<p class="notice notice--error" role="alert">${text(site.title)} is suspended by the operator of its platform: its posts, feed, messages and e-mails are off until it is restored. You can still stop paying or leave.</p>`;
  const noticeHtml = notice === 'left' || notice === 'billing-failed' ? NOTICES[notice] : '';
  if (!account || !account.entitled) return `${heading}${noticeHtml}${why}`;
  const body = confirming ? confirmLeave(site) : billingSection(site, account);
  return `${heading}${noticeHtml}${why}${factsHtml(account)}${body}`;
}

function factsHtml(account: MemberAccount): string {
  return `<dl class="account__facts"><dt>Tier</dt><dd>${text(account.tierName)}</dd><dt>Status</dt><dd>${text(statusInWords(account))}</dd><dt>Price</dt><dd>${text(priceInWords(account))}</dd></dl>`;
}

function membershipHtml({ site, account, feedUrl, confirmLeave: confirming, notice }: AccountPageInput): string {
  const noticeHtml = notice ? NOTICES[notice] : '';
  const heading = `<h1>Your membership</h1><p class="join__tagline">${text(site.title)}</p>`;
  if (!account || !account.entitled) {
    const lapsed = account ? '<p>Your membership has ended.</p>' : `<p>You are not a member of ${text(site.title)} yet.</p>`;
    return `${heading}${noticeHtml}${lapsed}<a class="button" href="/@${site.handle}/join">See the memberships</a>`;
  }
  const summary = factsHtml(account);
  const pastDue = account.status === 'past_due' && account.billedByStripe ? '<p class="notice notice--error" role="alert">Your last payment did not go through. Update your card under Billing to keep your membership.</p>' : '';
  const body = confirming ? confirmLeave(site) : `${emailsSection(site, account)}${feedSection(site, account, feedUrl)}${billingSection(site, account)}`;
  return `${heading}${noticeHtml}${pastDue}${summary}${body}`;
}

export function accountHead({ site, appUrl }: AccountPageInput): PageHead {
  return {
    title: `Your membership — ${site.title}`,
    description: `Your membership of ${site.title}.`,
    canonicalUrl: siteUrl(site, appUrl, '/account'),
    type: 'website',
    siteName: site.title,
    noindex: true,
  };
}
