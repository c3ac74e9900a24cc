/**
 * Subscriptions and invoices of the local Stripe-protocol server: the one a
 * subscription-mode Checkout Session makes on "Pay" (a trial, a coupon's
 * discount), its periods billed by test controls (renew, a failed payment,
 * the end of a trial), changes, cancels, and the API to read them.
 */
import { discountEnded, invoiceDiscounts, redeem } from './stripe-coupons.ts';
import { addInterval, bool, clone, list, mergeMetadata, newId, now, required, StripeError, text, type Params, type StripeCore, type StripeObject } from './stripe-protocol.ts';

interface Line {
  price: StripeObject;
  quantity: number;
}

type Item = Params & { price: StripeObject; quantity: number };

const itemsOf = (subscription: StripeObject) => (subscription.items as { data: Item[] }).data;
const recurringOf = (price: StripeObject) => price.recurring as { interval: string; interval_count: number };

/** The one recurring price (and quantity) of a subscription-mode session. */
export function subscriptionLineItems(core: StripeCore, spaceKey: string, lineItems: unknown): { lines: Array<{ price: string; quantity: number }>; currency: string; subtotal: number } {
  const items = list(lineItems) as Params[];
  if (items.length !== 1) throw new StripeError(400, 'Give exactly one line item.', 'line_items');
  const price = core.find(spaceKey, required(items[0]!, 'price', 'line_items[0][price]'), 'price', 'line_items[0][price]');
  if (!price.active) throw new StripeError(400, `The price specified is inactive. This field only accepts active prices.`, 'line_items[0][price]');
  if (!price.recurring) throw new StripeError(400, 'mode=subscription needs a recurring price.', 'line_items[0][price]');
  const quantity = Number(items[0]!.quantity ?? 1);
  if (!Number.isInteger(quantity) || quantity < 1) throw new StripeError(400, `Invalid integer: ${String(items[0]!.quantity)}`, 'line_items[0][quantity]');
  return { lines: [{ price: price.id, quantity }], currency: String(price.currency), subtotal: Number(price.unit_amount) * quantity };
}

/** Stripe's rules of a Checkout trial: `trial_period_days` from 1 to 730, `trial_end` at least 48 hours away. */
export function checkTrial(subscriptionData: Params): boolean {
  const { trial_end: trialEnd, trial_period_days: trialDays } = subscriptionData;
  if (trialEnd !== undefined && !(Number(trialEnd) >= now() + 48 * 3600)) {
    throw new StripeError(400, 'The `trial_end` date has to be at least 2 days in the future.', 'subscription_data[trial_end]');
  }
  if (trialDays !== undefined && !(typeof trialDays === 'string' && /^\d+$/.test(trialDays) && Number(trialDays) >= 1 && Number(trialDays) <= 730)) {
    throw new StripeError(400, 'trial_period_days must be a whole number of days from 1 to 730.', 'subscription_data[trial_period_days]');
  }
  return trialEnd !== undefined || trialDays !== undefined;
}

export function subscriptionBilling(core: StripeCore) {
  const { space, put, base, find, locate, send } = core;

  function discountsOf(spaceKey: string, subscription: StripeObject): StripeObject[] {
    return list(subscription.discounts)
      .map((id) => space(spaceKey).get(String(id)))
      .filter((discount): discount is StripeObject => discount?.object === 'discount');
  }

  function createInvoice(spaceKey: string, subscription: StripeObject, subtotal: number, billingReason: string, paid: boolean): StripeObject {
    const item = itemsOf(subscription)[0]!;
    const price = item.price;
    const customer = space(spaceKey).get(String(subscription.customer));
    const periodStart = Number(subscription.current_period_start);
    const periodEnd = Number(subscription.current_period_end);
    const discounted = invoiceDiscounts(discountsOf(spaceKey, subscription), periodStart, subtotal);
    const amount = discounted.total;
    const invoice = base('invoice', 'in', {
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      subscription: subscription.id,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: clone(subscription.metadata) } },
      status: paid ? 'paid' : 'open',
      billing_reason: billingReason,
      currency: price.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      total: amount,
      total_excluding_tax: amount,
      subtotal,
      subtotal_excluding_tax: subtotal,
      discounts: discounted.discounts,
      total_discount_amounts: discounted.amounts,
      attempted: true,
      attempt_count: 1,
      period_start: periodStart,
      period_end: periodEnd,
      status_transitions: { finalized_at: now(), paid_at: paid ? now() : null },
      hosted_invoice_url: null,
    });
    invoice.lines = {
      object: 'list',
      url: `/v1/invoices/${invoice.id}/lines`,
      has_more: false,
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount: subtotal,
          currency: price.currency,
          quantity: item.quantity,
          discount_amounts: clone(discounted.amounts),
          discounts: [],
          period: { start: periodStart, end: periodEnd },
          pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: subscription.id, subscription_item: item.id } },
          metadata: {},
        },
      ],
    };
    subscription.latest_invoice = invoice.id;
    return put(spaceKey, invoice);
  }

  function createSubscription(spaceKey: string, customer: string, line: Line, subscriptionData: Params, checkout: { session: string; coupon?: Params }): { subscription: StripeObject; invoice: StripeObject } {
    const { price, quantity } = line;
    const recurring = recurringOf(price);
    const start = now();
    const trialDays = Number(subscriptionData.trial_period_days ?? 0);
    // `trial_end` (a timestamp) wins over `trial_period_days`, as in Stripe.
    const trialEnd = subscriptionData.trial_end !== undefined ? Number(subscriptionData.trial_end) : trialDays > 0 ? start + trialDays * 86_400 : undefined;
    const trialing = trialEnd !== undefined;
    const periodEnd = trialEnd ?? addInterval(start, recurring.interval, recurring.interval_count);
    const subscription = base('subscription', 'sub', {
      customer,
      status: trialing ? 'trialing' : 'active',
      currency: price.currency,
      start_date: start,
      billing_cycle_anchor: periodEnd,
      current_period_start: start,
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: trialing ? start : null,
      trial_end: trialing ? periodEnd : null,
      collection_method: 'charge_automatically',
      // Recorded as sent, so a test can see that none was: no application fee is ever asked of a creator.
      application_fee_percent: subscriptionData.application_fee_percent === undefined ? null : Number(subscriptionData.application_fee_percent),
      discounts: [],
      metadata: mergeMetadata({}, subscriptionData.metadata),
      latest_invoice: null,
    });
    subscription.items = {
      object: 'list',
      url: `/v1/subscription_items?subscription=${subscription.id}`,
      has_more: false,
      data: [{ id: newId('si'), object: 'subscription_item', created: start, metadata: {}, price: clone(price), quantity, subscription: subscription.id, current_period_start: start, current_period_end: periodEnd, discounts: [] }],
    };
    put(spaceKey, subscription);
    if (checkout.coupon) subscription.discounts = [redeem(core, spaceKey, checkout.coupon, { checkoutSession: checkout.session, customer, subscription: subscription.id }).id];
    const invoice = createInvoice(spaceKey, subscription, trialing ? 0 : Number(price.unit_amount) * quantity, 'subscription_create', true);
    return { subscription, invoice };
  }

  function setPeriod(subscription: StripeObject, start: number, end: number): void {
    subscription.current_period_start = start;
    subscription.current_period_end = end;
    for (const item of itemsOf(subscription)) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  /** Bills the period the subscription is now in: a spent discount is taken off first, as Stripe ends it. */
  function bill(spaceKey: string, subscription: StripeObject, previous: Params, paid: boolean): Promise<StripeObject> {
    const periodStart = Number(subscription.current_period_start);
    const kept = discountsOf(spaceKey, subscription).filter((discount) => !discountEnded(discount, periodStart));
    if (kept.length !== list(subscription.discounts).length) {
      previous.discounts = clone(subscription.discounts);
      subscription.discounts = kept.map((discount) => discount.id);
    }
    subscription.status = paid ? 'active' : 'past_due';
    const item = itemsOf(subscription)[0]!;
    const invoice = createInvoice(spaceKey, subscription, Number(item.price.unit_amount) * item.quantity, 'subscription_cycle', paid);
    return send(spaceKey, [paid ? 'invoice.paid' : 'invoice.payment_failed', invoice], ['customer.subscription.updated', subscription, previous]).then(() => clone(invoice));
  }

  function nextPeriod(subscriptionId: string, paid: boolean): Promise<StripeObject> {
    const { spaceKey, object: subscription } = locate(subscriptionId, 'subscription');
    const previous: Params = { status: subscription.status, current_period_start: subscription.current_period_start, current_period_end: subscription.current_period_end };
    const recurring = recurringOf(itemsOf(subscription)[0]!.price);
    const start = Number(subscription.current_period_end);
    setPeriod(subscription, start, addInterval(start, recurring.interval, recurring.interval_count));
    return bill(spaceKey, subscription, previous, paid);
  }

  /** Ends a trial now, as Stripe does when `trial_end` comes: the first real period starts and is billed. */
  function endTrial(subscriptionId: string): Promise<StripeObject> {
    const { spaceKey, object: subscription } = locate(subscriptionId, 'subscription');
    if (subscription.status !== 'trialing') throw new Error(`${subscriptionId} is not trialing (it is ${String(subscription.status)})`);
    const previous: Params = {
      status: subscription.status,
      trial_end: subscription.trial_end,
      billing_cycle_anchor: subscription.billing_cycle_anchor,
      current_period_start: subscription.current_period_start,
      current_period_end: subscription.current_period_end,
    };
    const start = now();
    const recurring = recurringOf(itemsOf(subscription)[0]!.price);
    Object.assign(subscription, { trial_end: start, billing_cycle_anchor: start });
    setPeriod(subscription, start, addInterval(start, recurring.interval, recurring.interval_count));
    return bill(spaceKey, subscription, previous, true);
  }

  function updateSubscription(spaceKey: string, subscription: StripeObject, params: Params): StripeObject {
    const previous: Params = {};
    const cancelAtPeriodEnd = bool(params.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.current_period_end : null;
    }
    if (params.metadata !== undefined) {
      previous.metadata = clone(subscription.metadata);
      subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    }
    const itemUpdates = list(params.items) as Params[];
    if (itemUpdates.length > 0) {
      previous.items = clone(subscription.items);
      const items = itemsOf(subscription);
      for (const update of itemUpdates) {
        const item = (update.id ? items.find((candidate) => candidate.id === update.id) : items[0]) ?? undefined;
        if (!item) throw new StripeError(400, `No such subscription item: '${String(update.id)}'`, 'items', 'resource_missing');
        const priceId = text(update.price);
        if (priceId) item.price = clone(find(spaceKey, priceId, 'price', 'items[0][price]'));
      }
    }
    if (params.application_fee_percent !== undefined) {
      previous.application_fee_percent = subscription.application_fee_percent;
      subscription.application_fee_percent = params.application_fee_percent === '' ? null : Number(params.application_fee_percent);
    }
    void send(spaceKey, ['customer.subscription.updated', subscription, previous]);
    return subscription;
  }

  function cancelSubscription(spaceKey: string, subscription: StripeObject): StripeObject {
    if (subscription.status === 'canceled') throw new StripeError(400, `No such subscription: '${subscription.id}'; it has been canceled.`, 'id', 'resource_missing');
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
    void send(spaceKey, ['customer.subscription.deleted', subscription]);
    return subscription;
  }

  /** Completes a subscription-mode session as "Pay" does; returns the events to send, in order. */
  function paySubscription(spaceKey: string, session: StripeObject, payer: { email: string | null; name: string | null }): Array<[string, Params]> {
    let customerId = text(session.customer);
    if (!customerId) customerId = put(spaceKey, base('customer', 'cus', { email: payer.email, name: payer.name })).id;
    const line = (session._line_items as Array<{ price: string; quantity: number }>)[0]!;
    const { subscription, invoice } = createSubscription(
      spaceKey,
      customerId,
      { price: find(spaceKey, line.price, 'price'), quantity: line.quantity },
      (session._subscription_data as Params | undefined) ?? {},
      { session: session.id, coupon: session._coupon as Params | undefined },
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: invoice.amount_paid === 0 ? 'no_payment_required' : 'paid',
      customer: customerId,
      customer_details: { address: null, email: payer.email, name: payer.name, phone: null, tax_exempt: 'none', tax_ids: [] },
      subscription: subscription.id,
      invoice: invoice.id,
      amount_total: invoice.amount_due,
    });
    return [
      ['customer.subscription.created', subscription],
      ['checkout.session.completed', session],
      ['invoice.paid', invoice],
    ];
  }

  core.route('GET', '/v1/subscriptions/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'subscription'));
  core.route('POST', '/v1/subscriptions/:id', ({ spaceKey, match, params }) => updateSubscription(spaceKey, find(spaceKey, match[0]!, 'subscription'), params));
  core.route('DELETE', '/v1/subscriptions/:id', ({ spaceKey, match }) => cancelSubscription(spaceKey, find(spaceKey, match[0]!, 'subscription')));
  core.route('GET', '/v1/subscriptions', ({ spaceKey, params }) => {
    const status = text(params.status);
    return core.listOf(
      spaceKey,
      '/v1/subscriptions',
      (object) =>
        object.object === 'subscription' &&
        (params.customer === undefined || object.customer === params.customer) &&
        (status === 'all' || (status === undefined ? object.status !== 'canceled' : object.status === status)),
      params,
    );
  });
  core.route('GET', '/v1/invoices/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'invoice'));
  core.route('GET', '/v1/invoices', ({ spaceKey, params }) =>
    core.listOf(
      spaceKey,
      '/v1/invoices',
      (object) => object.object === 'invoice' && (params.customer === undefined || object.customer === params.customer) && (params.subscription === undefined || object.subscription === params.subscription),
      params,
    ),
  );

  return { nextPeriod, endTrial, updateSubscription, paySubscription };
}
