/**
 * A customer who pays on a Stripe account through the hosted Checkout page of
 * the local Stripe-protocol server, as a subscriber of Substack, Ghost or our
 * own site did: the customer, a subscription Checkout session, and its "Pay"
 * button pressed. The subscription it makes is what an import links to.
 * `pressHostedButton` presses any button of a hosted page without a browser.
 */
import type Stripe from 'stripe';

export async function payThroughCheckout(
  client: Stripe,
  priceId: string,
  email: string,
  options: Stripe.RequestOptions = {},
): Promise<{ customer: string; subscription: string }> {
  const customer = await client.customers.create({ email }, options);
  const session = await client.checkout.sessions.create(
    { mode: 'subscription', line_items: [{ price: priceId, quantity: 1 }], customer: customer.id, success_url: 'http://source.test/ok', cancel_url: 'http://source.test/no' },
    options,
  );
  const page = await (await fetch(session.url!)).text();
  const pay = /<form method="post" action="([^"]+)"><button type="submit">Pay<\/button><\/form>/.exec(page);
  if (!pay) throw new Error(`the hosted Checkout page of ${session.id} has no Pay button`);
  const paid = await fetch(new URL(pay[1]!.replaceAll('&#38;', '&'), session.url!).href, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying ${session.id} answered ${paid.status}`);
  const subscriptions = await client.subscriptions.list({ customer: customer.id }, options);
  return { customer: customer.id, subscription: subscriptions.data[0]!.id };
}

/**
 * Presses a button of a hosted page (Checkout's "Pay" or "Decline card", the portal's ...) as a browser would: its
 * form posted with `fields` (Checkout asks `email` and `name` when the session names no e-mail). Answers the
 * server's response unfollowed: 303 to the success URL when paid, 402 when declined.
 */
export async function pressHostedButton(pageUrl: string, label: string, fields: Record<string, string> = {}): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/g)].find((candidate) => candidate[2]!.includes(`<button type="submit">${label}</button>`));
  if (!form) throw new Error(`no "${label}" button on ${pageUrl}:\n${html}`);
  return fetch(new URL(form[1]!.replaceAll('&#38;', '&'), pageUrl).href, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}
