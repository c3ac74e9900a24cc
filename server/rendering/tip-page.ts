/**
 * The site's tip page, in its design (docs/decisions/163): `/@{handle}/tip` (`/tip` on its domain), where anyone picks
 * one of the creator's amounts or types their own (in the currency's major unit: "5" or "5.50"), writes a message if
 * they like, and goes on to Checkout; `?tipped=1` thanks them. A plain form: JavaScript may be off. Everything a
 * person typed is written back as text.
 */
import { EARN_MESSAGE_MAX, tipRange, type TipSettings } from '../../common/earn.ts';
import { formatMoney, minorUnitsPerMajor } from '../../common/money.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import type { PageHead } from './page-shell.ts';

/** What the tipper typed, shown again with the problems after a refusal. */
export interface TipForm {
  preset: string;
  other: string;
  message: string;
  problems: Partial<Record<'amount' | 'message', string>>;
}

export interface TipPageInput {
  site: Site;
  settings: TipSettings;
  currency: string;
  /** The post the tip is given under, when the link named one. */
  post?: { id: string; title: string } | undefined;
  /** The owner looks at their own page. */
  owner: boolean;
  form?: TipForm;
  tipped?: boolean;
  error?: string;
}

/** What a person typed ("5", "5.5", "5.50", "1,000") in minor units; undefined when it is no amount of this currency. */
export function minorAmount(typed: string, currency: string): number | undefined {
  const perMajor = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(perMajor));
  const cleaned = typed.trim().replace(/[,\s]/g, '');
  const shape = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!shape.test(cleaned)) return undefined;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * perMajor + Number(fraction.padEnd(digits, '0') || '0');
}

function problemOf(id: string, problem: string | undefined): { attrs: string; html: string } {
  if (!problem) return { attrs: '', html: '' };
  return { attrs: ` aria-invalid="true" aria-describedby="${id}-problem"`, html: `<p class="field__problem" id="${id}-problem">${text(problem)}</p>` };
}

function tipForm({ site, settings, currency, post, form }: TipPageInput): string {
  const range = tipRange(settings, currency);
  const chosen = form ? form.preset : String(range.presets[1] ?? range.presets[0] ?? '');
  const amountProblem = problemOf('tip-amount', form?.problems.amount);
  const messageProblem = problemOf('tip-message', form?.problems.message);
  const presets = range.presets
    .map((amount) => `<label class="join__choice tip__preset"><input type="radio" name="preset" value="${amount}"${String(amount) === chosen ? ' checked' : ''}> <span>${text(formatMoney(amount, currency, { compact: true }))}</span></label>`)
    .join('');
  const rangeWords = `From ${formatMoney(range.minimum, currency, { compact: true })} to ${formatMoney(range.maximum, currency, { compact: true })}.`;
  return `<form class="tip__form join__signup" method="post" action="${sitePath(site, '/tip')}" novalidate>
${post ? `<input type="hidden" name="post" value="${text(post.id)}">` : ''}
<fieldset class="join__choices tip__presets"${amountProblem.attrs}><legend>Amount</legend>${presets}</fieldset>
<div class="field"><label for="tip-amount">Or your own amount (${text(currency.toUpperCase())})</label><p class="field__hint" id="tip-amount-hint">${text(rangeWords)}</p>
<input id="tip-amount" name="other" inputmode="decimal" autocomplete="off" aria-describedby="tip-amount-hint" value="${text(form?.other ?? '')}"${amountProblem.attrs ? ' aria-invalid="true"' : ''}>${amountProblem.html}</div>
<div class="field"><label for="tip-message">Message (optional)</label><textarea id="tip-message" name="message" rows="4" maxlength="${EARN_MESSAGE_MAX}"${messageProblem.attrs}>${text(form?.message ?? '')}</textarea>${messageProblem.html}</div>
<p class="field__hint">One payment, on a secure payment page.</p>
<button class="button" type="submit">Tip</button>
</form>`;
}

export function tipMain(input: TipPageInput): string {
  const { site, settings, post, tipped, error, owner } = input;
  if (tipped) {
    return `<section class="join join--sent tip" aria-labelledby="tip-thanks"><h1 id="tip-thanks" tabindex="-1">Thank you for your tip</h1>
<p role="status">${text(site.title)} gets it, with your message. Your receipt is on its way by e-mail.</p>
<p><a href="${sitePath(site)}">Back to ${text(site.title)}</a></p></section>`;
  }
  const heading = `<h1>Tip ${text(site.title)}</h1>`;
  if (!settings.enabled) return `<section class="join tip">${heading}<p class="notice" role="status">${text(site.title)} is not taking tips right now.</p></section>`;
  const about = post ? `<p class="join__tagline">For “${text(post.title)}”</p>` : `<p class="join__tagline">Say thanks with an amount you choose.</p>`;
  const errorHtml = error ? `<p class="notice notice--error" role="alert">${text(error)}</p>` : '';
  const ownerNote = owner ? '<p class="tier__note">This is your tip page: share its address with your readers.</p>' : '';
  return `<section class="join tip">${heading}${about}${errorHtml}${ownerNote}${tipForm(input)}</section>`;
}

export function tipHead({ site, appUrl }: { site: Site; appUrl: URL }): PageHead {
  return { title: `Tip · ${site.title}`, description: `Tip ${site.title}.`, canonicalUrl: siteUrl(site, appUrl, '/tip'), type: 'website', siteName: site.title };
}

/** The small link under a post when the tip jar is on: the tip names the post. */
export function tipLink(site: Site, postId: string): string {
  if (!site.tips.enabled) return '';
  return `<p class="post__tip"><a href="${text(sitePath(site, `/tip?post=${postId}`))}">Tip ${text(site.title)}</a></p>`;
}
