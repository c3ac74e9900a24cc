/**
 * One-time payments of the local Stripe-protocol server: the line items of a
 * Checkout Session in `mode: 'payment'` (a one-time price, or `price_data`
 * made inline), what its "Pay" leaves (a succeeded PaymentIntent `pi_…` and
 * its Charge `ch_…`, a customer when asked for), refunds (`re_…`: the
 * charge's `amount_refunded`, then `charge.refunded` and `refund.created`),
 * and the API to read them back.
 */
import { redeem } from './stripe-coupons.ts';
import { clone, integer, list, mergeMetadata, newId, required, StripeError, text, type Params, type StripeCore, type StripeObject } from './stripe-protocol.ts';

export interface CheckoutLine {
  price: string;
  quantity: number;
}

/** Stripe's smallest charge in a currency (its units); others default to 50. */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, nzd: 50, chf: 50, jpy: 50, sek: 300, nok: 300, dkk: 250 };
/** Stripe's largest: 99,999,999 units (999,999.99 in a two-decimal currency). */
const MAXIMUM_CHARGE = 99_999_999;

function inlinePrice(core: StripeCore, spaceKey: string, data: Params, param: string): StripeObject {
  const currency = required(data, 'currency', `${param}[currency]`).toLowerCase();
  const unitAmount = integer(data, 'unit_amount', `${param}[unit_amount]`);
  if (unitAmount === undefined) throw new StripeError(400, `Missing required param: ${param}[unit_amount].`, `${param}[unit_amount]`, 'parameter_missing');
  let productId = text(data.product);
  if (productId) core.find(spaceKey, productId, 'product', `${param}[product]`);
  else {
    const productData = (data.product_data ?? {}) as Params;
    const name = required(productData, 'name', `${param}[product_data][name]`);
    productId = core.put(spaceKey, core.base('product', 'prod', { name, description: text(productData.description) ?? null, active: true, default_price: null, metadata: mergeMetadata({}, productData.metadata) })).id;
  }
  // Stripe keeps a price made inline, inactive: it cannot be named in another session.
  return core.put(
    spaceKey,
    core.base('price', 'price', { product: productId, unit_amount: unitAmount, currency, active: false, type: 'one_time', recurring: null, lookup_key: null, nickname: null }),
  );
}

/** The line items of a `mode: 'payment'` session, their one currency and the subtotal. */
export function oneTimeLineItems(core: StripeCore, spaceKey: string, lineItems: unknown): { lines: CheckoutLine[]; currency: string; subtotal: number } {
  const items = list(lineItems) as Params[];
  if (items.length === 0) throw new StripeError(400, 'Missing required param: line_items.', 'line_items', 'parameter_missing');
  const lines: CheckoutLine[] = [];
  const currencies = new Set<string>();
  let subtotal = 0;
  items.forEach((item, index) => {
    const param = `line_items[${index}]`;
    const quantity = integer(item, 'quantity', `${param}[quantity]`, 1) ?? 1;
    let price: StripeObject;
    if (item.price_data !== undefined) price = inlinePrice(core, spaceKey, item.price_data as Params, `${param}[price_data]`);
    else {
      price = core.find(spaceKey, required(item, 'price', `${param}[price]`), 'price', `${param}[price]`);
      if (!price.active) throw new StripeError(400, 'The price specified is inactive. This field only accepts active prices.', `${param}[price]`);
      if (price.recurring) {
        throw new StripeError(400, 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `${param}[price]`);
      }
    }
    currencies.add(String(price.currency));
    subtotal += Number(price.unit_amount) * quantity;
    lines.push({ price: price.id, quantity });
  });
  if (currencies.size > 1) throw new StripeError(400, 'All line items must use the same currency.', 'line_items');
  const [currency] = currencies;
  return { lines, currency: currency!, subtotal };
}

/** Stripe's bounds of what one payment may charge. */
export function checkChargeable(amount: number, currency: string): void {
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (amount < minimum) throw new StripeError(400, `The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (the smallest unit).`, 'line_items', 'amount_too_small');
  if (amount > MAXIMUM_CHARGE) throw new StripeError(400, `The Checkout Session's total amount due must be no more than ${MAXIMUM_CHARGE} ${currency} (the smallest unit).`, 'line_items', 'amount_too_large');
}

/** Who paid on the hosted page: the e-mail and name Checkout asks for. */
export interface Payer {
  email: string | null;
  name: string | null;
}

/**
 * Completes a `mode: 'payment'` session as "Pay" does: the customer when there is one or `customer_creation: 'always'`
 * asks for it, the coupon redeemed, a succeeded PaymentIntent and its Charge. Returns the events to send, in Stripe's order.
 */
export function payOneTime(core: StripeCore, spaceKey: string, session: StripeObject, payer: Payer): Array<[string, Params]> {
  let customerId = text(session.customer);
  if (!customerId && session.customer_creation === 'always') {
    customerId = core.put(spaceKey, core.base('customer', 'cus', { email: payer.email, name: payer.name })).id;
  }
  const coupon = session._coupon as Params | undefined;
  const discount = coupon ? redeem(core, spaceKey, coupon, { checkoutSession: session.id, customer: customerId ?? null }) : undefined;
  const intentData = (session._payment_intent_data ?? {}) as Params;
  const amount = Number(session.amount_total);
  const currency = String(session.currency);
  const metadata = mergeMetadata({}, intentData.metadata);
  // Recorded as sent, so a test can see that none was: no application fee is ever asked of a creator.
  const applicationFee = intentData.application_fee_amount === undefined ? null : Number(intentData.application_fee_amount);
  const intentId = newId('pi');
  const charge = core.put(
    spaceKey,
    core.base('charge', 'ch', {
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: applicationFee,
      balance_transaction: null,
      billing_details: { address: null, email: payer.email, name: payer.name, phone: null },
      captured: true,
      currency,
      customer: customerId ?? null,
      description: text(intentData.description) ?? null,
      disputed: false,
      failure_code: null,
      failure_message: null,
      metadata: clone(metadata),
      outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
      paid: true,
      payment_intent: intentId,
      payment_method: newId('pm'),
      receipt_email: payer.email,
      receipt_url: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      status: 'succeeded',
    }),
  );
  (charge.refunds as Params).url = `/v1/charges/${charge.id}/refunds`;
  const intent = core.base('payment_intent', 'pi', {
    amount,
    amount_capturable: 0,
    amount_received: amount,
    application: null,
    application_fee_amount: applicationFee,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: null,
    confirmation_method: 'automatic',
    currency,
    customer: customerId ?? null,
    description: text(intentData.description) ?? null,
    last_payment_error: null,
    latest_charge: charge.id,
    metadata,
    payment_method: charge.payment_method,
    payment_method_types: ['card'],
    receipt_email: payer.email,
    status: 'succeeded',
  });
  intent.id = intentId;
  core.put(spaceKey, intent);
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: intent.id,
    customer: customerId ?? null,
    customer_details: { address: null, email: payer.email, name: payer.name, phone: null, tax_exempt: 'none', tax_ids: [] },
    ...(discount ? { discounts: [{ coupon: coupon!.id, promotion_code: null }] } : {}),
  });
  return [
    ['charge.succeeded', charge],
    ['payment_intent.succeeded', intent],
    ['checkout.session.completed', session],
  ];
}

/** A refund of the charge of `params.payment_intent` or `params.charge`, the whole of what is left unless `amount` says less. */
export function refundPayment(core: StripeCore, spaceKey: string, params: Params): { refund: StripeObject; events: Array<[string, Params, Params?]> } {
  const intentId = text(params.payment_intent);
  const chargeId = intentId ? text(core.find(spaceKey, intentId, 'payment_intent', 'payment_intent').latest_charge) : text(params.charge);
  if (!chargeId) throw new StripeError(400, 'One of the following params should be provided for this request: payment_intent or charge.', 'charge', 'parameter_missing');
  const charge = core.find(spaceKey, chargeId, 'charge', 'charge');
  const left = Number(charge.amount) - Number(charge.amount_refunded);
  if (left === 0) throw new StripeError(400, `Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const amount = integer(params, 'amount', 'amount', 1) ?? left;
  if (amount > left) throw new StripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
  const refund = core.put(
    spaceKey,
    core.base('refund', 're', {
      amount,
      balance_transaction: null,
      charge: charge.id,
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      metadata: mergeMetadata({}, params.metadata),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: text(params.reason) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    }),
  );
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refunds = charge.refunds as { data: StripeObject[]; total_count: number };
  refunds.data.unshift(clone(refund));
  refunds.total_count += 1;
  return { refund, events: [['charge.refunded', charge, previous], ['refund.created', refund]] };
}

export function registerOneTimeRoutes(core: StripeCore): void {
  core.route('GET', '/v1/payment_intents/:id', ({ spaceKey, match }) => core.find(spaceKey, match[0]!, 'payment_intent'));
  core.route('GET', '/v1/payment_intents', ({ spaceKey, params }) =>
    core.listOf(spaceKey, '/v1/payment_intents', (object) => object.object === 'payment_intent' && (params.customer === undefined || object.customer === params.customer), params),
  );
  core.route('GET', '/v1/charges/:id', ({ spaceKey, match }) => core.find(spaceKey, match[0]!, 'charge'));
  core.route('GET', '/v1/charges', ({ spaceKey, params }) =>
    core.listOf(
      spaceKey,
      '/v1/charges',
      (object) => object.object === 'charge' && (params.customer === undefined || object.customer === params.customer) && (params.payment_intent === undefined || object.payment_intent === params.payment_intent),
      params,
    ),
  );
  core.route('POST', '/v1/refunds', ({ spaceKey, params }) => {
    const { refund, events } = refundPayment(core, spaceKey, params);
    void core.send(spaceKey, ...events);
    return refund;
  });
  core.route('GET', '/v1/refunds/:id', ({ spaceKey, match }) => core.find(spaceKey, match[0]!, 'refund'));
  core.route('GET', '/v1/refunds', ({ spaceKey, params }) =>
    core.listOf(
      spaceKey,
      '/v1/refunds',
      (object) => object.object === 'refund' && (params.charge === undefined || object.charge === params.charge) && (params.payment_intent === undefined || object.payment_intent === params.payment_intent),
      params,
    ),
  );
}

