/**
 * The account page's two sections of a member's own rights (docs/decisions/159):
 * "Your data", a plain link that downloads everything of theirs as JSON, and
 * "Delete my account", which first says what happens, then on a second step
 * (`?delete=…`) asks for the password or a mailed code before anything goes.
 * Plain HTML forms and links, so they work without JavaScript, with labels and
 * the step's notices announced (`role="status"`, `role="alert"`).
 */
import type { Request } from 'express';
import type { AccountDeletionService } from '../account-deletion/index.ts';
import type { UserRow } from '../auth/index.ts';
import { text } from '../rendering/index.ts';
import type { Site } from '../sites/index.ts';

/** What `?delete=` asks the page to show: the confirmation, the code just mailed, or why the last try did not delete. */
export const DELETE_STEPS = ['confirm', 'code-sent', 'wrong-code', 'wrong-password', 'missing-password', 'password-not-set', 'too-many-requests', 'stripe-unavailable', 'paying-members'] as const;
export type DeleteStep = (typeof DELETE_STEPS)[number];

interface RightsInput {
  site: Site;
  /** The platform's address: an account that runs a site is deleted from its studio. */
  appUrl: URL;
  hasPassword: boolean;
  ownsSite: boolean;
  /** Memberships Stripe bills now, on every site: deleting cancels them. */
  paidMemberships: number;
  step?: DeleteStep;
}

const STEP_NOTICES: Record<Exclude<DeleteStep, 'confirm'>, string> = {
  'code-sent': '<p class="notice notice--success" role="status">We sent a code to your e-mail. It works once, for 15 minutes.</p>',
  'wrong-code': '<p class="notice notice--error" role="alert">That code is not right, or it has expired. Ask for a new one.</p>',
  'wrong-password': '<p class="notice notice--error" role="alert">Incorrect password.</p>',
  'missing-password': '<p class="notice notice--error" role="alert">Enter your password, or the code we e-mail you.</p>',
  'password-not-set': '<p class="notice notice--error" role="alert">Your account has no password. Ask for a code by e-mail instead.</p>',
  'too-many-requests': '<p class="notice notice--error" role="alert">Too many tries. Please wait a few minutes, then try again.</p>',
  'stripe-unavailable': '<p class="notice notice--error" role="alert">We could not reach the payment provider to cancel your paid memberships, so nothing was deleted. Please try again in a moment.</p>',
  'paying-members': '<p class="notice notice--error" role="alert">Paid subscriptions of your own site are still running. Delete your account from your studio instead.</p>',
};

function dataSection({ site }: RightsInput): string {
  return `<section class="account__section" aria-labelledby="data-heading"><h2 id="data-heading">Your data</h2><p>Download what we keep about you, on every site: your profile, memberships, comments and messages, in one JSON file.</p><a class="button button--quiet" href="/@${site.handle}/account/data" download>Download my data</a></section>`;
}

const consequences = (paid: number) =>
  `<ul><li>${paid > 0 ? `Your ${paid === 1 ? 'paid membership is' : `${paid} paid memberships are`} canceled now: you are not charged again.` : 'Paid memberships are canceled now: you are not charged again.'}</li><li>Your address leaves every list: no more e-mails from any site.</li><li>Your comments stay, signed “Deleted member”.</li></ul>`;

/** The first step: what deleting does, and the way to the confirmation. */
function deleteIntro({ site, appUrl, ownsSite, paidMemberships }: RightsInput): string {
  const heading = '<h2 id="delete-heading">Delete my account</h2>';
  if (ownsSite) {
    return `<section class="account__section" aria-labelledby="delete-heading">${heading}<p>Your account also runs a site. Delete it from your studio, where you see everything that goes with it.</p><a class="button button--quiet" href="${text(new URL('/settings/account', appUrl).href)}">Open your studio’s account settings</a></section>`;
  }
  return `<section class="account__section" aria-labelledby="delete-heading">${heading}<p>Your account goes on every site, not only on ${text(site.title)}:</p>${consequences(paidMemberships)}<a class="button button--quiet" href="/@${site.handle}/account?delete=confirm#delete-heading">Delete my account…</a></section>`;
}

/** The second step: the password or a mailed code, then the one button that deletes. */
function deleteConfirm({ site, hasPassword, paidMemberships, step }: RightsInput): string {
  const notice = step && step !== 'confirm' ? STEP_NOTICES[step] : '';
  const password = hasPassword
    ? '<label class="account__label" for="delete-password">Your password</label><input class="account__field" id="delete-password" name="password" type="password" autocomplete="current-password"><p>Or confirm with a code we e-mail you (button below):</p>'
    : '';
  const code = `<label class="account__label" for="delete-code">Code from the e-mail</label><input class="account__field" id="delete-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" aria-describedby="delete-code-hint"><p class="tier__note" id="delete-code-hint">Six digits. It works once, for 15 minutes.</p>`;
  const askCode = `<form class="tier__actions" method="post" action="/@${site.handle}/account/deletion-code"><button class="button button--quiet" type="submit">E-mail me a code</button></form>`;
  const remove = `<form class="account__section" method="post" action="/@${site.handle}/account/delete">${password}${code}<div class="tier__actions"><button class="button" type="submit">Yes, delete my account</button><a class="button button--quiet" href="/@${site.handle}/account">Keep my account</a></div></form>`;
  // Without a password the code is the only way: asking for it comes first, in the order it is done.
  const steps = hasPassword ? `${remove}${askCode}` : `<p>Your account has no password: confirm with a code we e-mail you.</p>${askCode}${remove}`;
  return `<section class="account__section account__confirm" aria-labelledby="delete-heading"><h2 id="delete-heading">Delete your account?</h2>${notice}<p>This cannot be undone.</p>${consequences(paidMemberships)}${steps}</section>`;
}

function rightsSections(input: RightsInput): string {
  const deleting = input.step !== undefined && !input.ownsSite ? deleteConfirm(input) : deleteIntro(input);
  return `${dataSection(input)}${deleting}`;
}

/** The sections for the signed-in account on this site's page, the step read from `?delete=`. */
export function rightsSectionOf(deletion: Pick<AccountDeletionService, 'standing'>, appUrl: URL) {
  return async (site: Site, user: UserRow, req: Request): Promise<string> => {
    const { ownsSite, paidMemberships } = await deletion.standing(user.id);
    const step = DELETE_STEPS.find((candidate) => candidate === req.query.delete);
    return rightsSections({ site, appUrl, hasPassword: user.passwordHash !== null, ownsSite, paidMemberships, ...(step ? { step } : {}) });
  };
}
