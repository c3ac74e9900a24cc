/**
 * The HTML of the Stripe-protocol test server's hosted pages (onboarding,
 * checkout, billing portal): plain forms a test can post to and Chromium can
 * click through, with the words a test looks for.
 */

type Attributes = Record<string, unknown>;

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}[role=alert]{color:#b00020}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function button(action: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

export function onboardingPage(account: Attributes, action: string): string {
  return page(
    'Stripe onboarding (test)',
    `<p>Account <code>${escapeHtml(account.id)}</code>.</p><p>This local page stands in for Stripe's hosted onboarding.</p>${button(action, 'Complete onboarding')}`,
  );
}

export function onboardingUsedPage(): string {
  return page('Stripe onboarding (test)', '<p role="alert">This onboarding link was already used.</p>');
}

export function formatAmount(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A line of a Checkout page: what is bought, its price and (for a subscription) how often it is billed. */
export interface CheckoutPageLine {
  name: string;
  unitAmount: number;
  quantity: number;
  currency: string;
  interval: string | null;
}

function payForm(action: string, askEmail: boolean): string {
  if (!askEmail) return button(action, 'Pay');
  // Checkout asks who pays when the session names no e-mail.
  return `<form method="post" action="${escapeHtml(action)}"><label>E-mail <input type="email" name="email" required autocomplete="email"></label> <label>Name <input name="name" autocomplete="name"></label> <button type="submit">Pay</button></form>`;
}

export function checkoutPage(session: Attributes, lines: CheckoutPageLine[], actions: { pay: string; decline: string }, message?: string): string {
  const currency = String(session.currency);
  const priceText = (line: CheckoutPageLine) => `${formatAmount(line.unitAmount * line.quantity, line.currency)}${line.interval ? ` / ${line.interval}` : ''}`;
  const items = lines.map((line) => `<li>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: <strong data-testid="line-amount">${escapeHtml(priceText(line))}</strong></li>`).join('');
  const amount = lines.length === 1 ? priceText(lines[0]!) : formatAmount(lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0), currency);
  const totals = session.total_details as { amount_discount: number } | null;
  const trial = session.mode === 'subscription' && (session._subscription_data as Attributes | undefined)?.trial_period_days;
  const discount = totals && totals.amount_discount > 0 ? `<p>Discount: <strong data-testid="discount">−${escapeHtml(formatAmount(totals.amount_discount, currency))}</strong></p>` : '';
  const trialText = trial ? `<p>Free trial: <strong data-testid="trial">${escapeHtml(trial)} days</strong></p>` : '';
  const alert = message ? `<p role="alert">${escapeHtml(message)}</p>` : '';
  const email = session.customer_email ? `<p>Paying as ${escapeHtml(session.customer_email)}.</p>` : '';
  const body =
    session.status === 'open'
      ? `${alert}<ul>${items}</ul><p>Amount: <strong data-testid="amount">${escapeHtml(amount)}</strong></p>${discount}${trialText}<p>Due today: <strong data-testid="total">${escapeHtml(formatAmount(Number(session.amount_total), currency))}</strong></p>${email}${payForm(actions.pay, !session.customer_email)}${button(actions.decline, 'Decline card')}`
      : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`;
  return page('Checkout (test)', body);
}

export function portalPage(subscriptions: Attributes[], returnUrl: string, cancelAction: (subscriptionId: string) => string): string {
  const rows = subscriptions.map((subscription) => {
    const state = subscription.cancel_at_period_end
      ? `cancels at the end of the period`
      : `${escapeHtml(subscription.status)}`;
    const cancel = subscription.cancel_at_period_end || subscription.status === 'canceled' ? '' : button(cancelAction(String(subscription.id)), 'Cancel subscription');
    return `<li><code>${escapeHtml(subscription.id)}</code>: <span data-testid="subscription-state">${state}</span>${cancel}</li>`;
  });
  const list = rows.length > 0 ? `<ul>${rows.join('')}</ul>` : '<p>No subscriptions.</p>';
  return page('Billing portal (test)', `${list}<p><a href="${escapeHtml(returnUrl)}">Return</a></p>`);
}
