/**
 * Coupons and discounts of the local Stripe-protocol server: the coupon API
 * (create, retrieve, update name and metadata, delete, list), a coupon named
 * in a Checkout Session's `discounts`, and the Discount a completed session
 * leaves on its subscription, which takes its part off each invoice while the
 * coupon's duration lasts (`once`: the first invoice with something to pay,
 * `repeating`: invoices of periods that start before the discount's `end`,
 * `forever`: all).
 */
import { addInterval, clone, integer, list, mergeMetadata, newId, now, required, StripeError, text, type Params, type StripeCore, type StripeObject } from './stripe-protocol.ts';

const DURATIONS = ['once', 'repeating', 'forever'];
const UPDATABLE = new Set(['name', 'metadata', 'expand']);

/** Whether the coupon may still be redeemed, as Stripe's `valid` says: not past `redeem_by`, redemptions left. */
function refreshValidity(coupon: StripeObject): StripeObject {
  const expired = typeof coupon.redeem_by === 'number' && coupon.redeem_by <= now();
  const exhausted = typeof coupon.max_redemptions === 'number' && Number(coupon.times_redeemed) >= coupon.max_redemptions;
  coupon.valid = !expired && !exhausted;
  return coupon;
}

function createCoupon(core: StripeCore, spaceKey: string, params: Params): StripeObject {
  const percentOff = params.percent_off === undefined || params.percent_off === '' ? undefined : Number(params.percent_off);
  const amountOff = integer(params, 'amount_off', 'amount_off', 1);
  if (percentOff !== undefined && amountOff !== undefined) throw new StripeError(400, 'You may only specify one of these parameters: amount_off, percent_off.', 'amount_off');
  if (percentOff === undefined && amountOff === undefined) throw new StripeError(400, 'You must specify either percent_off or amount_off.', 'percent_off', 'parameter_missing');
  if (percentOff !== undefined && !(percentOff > 0 && percentOff <= 100)) throw new StripeError(400, 'Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off');
  const currency = text(params.currency)?.toLowerCase();
  if (amountOff !== undefined && !currency) throw new StripeError(400, 'You must pass currency when passing amount_off.', 'currency', 'parameter_missing');
  const duration = text(params.duration) ?? 'once';
  if (!DURATIONS.includes(duration)) throw new StripeError(400, `Invalid duration: must be one of ${DURATIONS.join(', ')}.`, 'duration');
  const months = integer(params, 'duration_in_months', 'duration_in_months', 1);
  if (duration === 'repeating' && months === undefined) throw new StripeError(400, 'Missing required param: duration_in_months.', 'duration_in_months', 'parameter_missing');
  if (duration !== 'repeating' && months !== undefined) throw new StripeError(400, 'duration_in_months may only be set when duration is repeating.', 'duration_in_months');
  const redeemBy = integer(params, 'redeem_by');
  if (redeemBy !== undefined && redeemBy <= now()) throw new StripeError(400, 'Invalid timestamp: must be in the future.', 'redeem_by');
  const id = text(params.id);
  if (id && core.space(spaceKey).has(id)) throw new StripeError(400, 'Coupon already exists.', 'id', 'resource_already_exists');
  const coupon = core.base('coupon', 'coupon', {
    amount_off: amountOff ?? null,
    currency: amountOff !== undefined ? currency : null,
    duration,
    duration_in_months: months ?? null,
    max_redemptions: integer(params, 'max_redemptions', 'max_redemptions', 1) ?? null,
    name: text(params.name) ?? null,
    percent_off: percentOff ?? null,
    redeem_by: redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
    metadata: mergeMetadata({}, params.metadata),
  });
  if (id) coupon.id = id;
  return core.put(spaceKey, coupon);
}

export function registerCouponRoutes(core: StripeCore): void {
  core.route('POST', '/v1/coupons', ({ spaceKey, params }) => createCoupon(core, spaceKey, params));
  core.route('GET', '/v1/coupons/:id', ({ spaceKey, match }) => refreshValidity(core.find(spaceKey, match[0]!, 'coupon')));
  core.route('POST', '/v1/coupons/:id', ({ spaceKey, match, params }) => {
    const coupon = core.find(spaceKey, match[0]!, 'coupon');
    // A coupon's terms never change once made (Stripe: only its name and metadata may).
    const unknown = Object.keys(params).find((key) => !UPDATABLE.has(key));
    if (unknown) throw new StripeError(400, `Received unknown parameter: ${unknown}`, unknown);
    if (params.name !== undefined) coupon.name = text(params.name) ?? null;
    if (params.metadata !== undefined) coupon.metadata = mergeMetadata(coupon.metadata, params.metadata);
    return refreshValidity(coupon);
  });
  core.route('DELETE', '/v1/coupons/:id', ({ spaceKey, match }) => {
    const coupon = core.find(spaceKey, match[0]!, 'coupon');
    // Discounts made from it keep their copy and go on applying, as Stripe's do.
    core.space(spaceKey).delete(coupon.id);
    return { id: coupon.id, object: 'coupon', deleted: true };
  });
  core.route('GET', '/v1/coupons', ({ spaceKey, params }) => core.listOf(spaceKey, '/v1/coupons', (object) => object.object === 'coupon' && refreshValidity(object).valid !== undefined, params));
}

/**
 * The coupon a Checkout Session's `discounts` names (one at most, as Checkout takes), refused when it does not exist,
 * can no longer be redeemed, or takes an amount off in another currency than the session's.
 */
export function couponOfSession(core: StripeCore, spaceKey: string, discounts: unknown, currency: string): StripeObject | undefined {
  const entries = list(discounts) as Params[];
  if (entries.length === 0) return undefined;
  if (entries.length > 1) throw new StripeError(400, 'You may only specify one discount.', 'discounts');
  if (entries[0]!.promotion_code !== undefined) throw new StripeError(400, 'This test server takes coupons, not promotion codes.', 'discounts[0][promotion_code]');
  const coupon = refreshValidity(core.find(spaceKey, required(entries[0]!, 'coupon', 'discounts[0][coupon]'), 'coupon', 'discounts[0][coupon]'));
  if (!coupon.valid) throw new StripeError(400, `Coupon ${coupon.id} is no longer valid.`, 'discounts[0][coupon]', 'coupon_expired');
  if (coupon.currency !== null && coupon.currency !== currency) {
    throw new StripeError(400, `The coupon's currency (${JSON.stringify(coupon.currency)}) does not match the currency of the session (${currency}).`, 'discounts[0][coupon]');
  }
  return clone(coupon);
}

/** Refuses to complete a session whose coupon was deleted or used up since the session was made, as Checkout does. */
export function checkStillRedeemable(core: StripeCore, spaceKey: string, coupon: Params): void {
  const stored = core.space(spaceKey).get(String(coupon.id));
  if (stored?.object !== 'coupon' || !refreshValidity(stored).valid) throw new StripeError(400, `Coupon ${String(coupon.id)} can no longer be redeemed.`, 'discounts', 'coupon_expired');
}

/** What the coupon takes off `subtotal`: a percentage rounded to the unit, or its amount, never more than the subtotal. */
export function discountAmount(coupon: Params, subtotal: number): number {
  const off = coupon.percent_off !== null && coupon.percent_off !== undefined ? Math.round((subtotal * Number(coupon.percent_off)) / 100) : Number(coupon.amount_off);
  return Math.min(off, subtotal);
}

/** Redeems the coupon: a Discount (`di_…`) holding the coupon's id, and one more `times_redeemed` on the coupon. */
export function redeem(core: StripeCore, spaceKey: string, coupon: Params, applied: { checkoutSession: string; customer: string | null; subscription?: string }): StripeObject {
  const stored = core.space(spaceKey).get(String(coupon.id));
  if (stored?.object === 'coupon') {
    stored.times_redeemed = Number(stored.times_redeemed) + 1;
    refreshValidity(stored);
  }
  const start = now();
  const discount: StripeObject = {
    id: newId('di'),
    object: 'discount',
    checkout_session: applied.checkoutSession,
    customer: applied.customer,
    customer_account: null,
    end: coupon.duration === 'repeating' ? addInterval(start, 'month', Number(coupon.duration_in_months)) : null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { coupon: coupon.id, type: 'coupon' },
    start,
    subscription: applied.subscription ?? null,
    subscription_item: null,
    _coupon: clone(coupon),
  };
  return core.put(spaceKey, discount);
}

/** Whether the discount takes its part off an invoice of the period starting `periodStart` with `subtotal` to pay. */
function appliesTo(discount: StripeObject, periodStart: number, subtotal: number): boolean {
  const coupon = discount._coupon as Params;
  if (coupon.duration === 'forever') return true;
  if (coupon.duration === 'repeating') return periodStart < Number(discount.end);
  // `once`: a trial's invoice of nothing leaves it for the first one with something to pay.
  return discount._used !== true && subtotal > 0;
}

/** Whether the discount is spent: Stripe then takes it off the subscription. */
export function discountEnded(discount: StripeObject, periodStart: number): boolean {
  const coupon = discount._coupon as Params;
  if (coupon.duration === 'repeating') return periodStart >= Number(discount.end);
  return coupon.duration === 'once' && discount._used === true;
}

/** The invoice's discount fields for `subtotal` under the subscription's discounts (`discounts`, `total_discount_amounts`). */
export function invoiceDiscounts(discounts: StripeObject[], periodStart: number, subtotal: number): { total: number; discounts: string[]; amounts: Array<{ amount: number; discount: string }> } {
  let total = subtotal;
  const amounts: Array<{ amount: number; discount: string }> = [];
  for (const discount of discounts) {
    if (!appliesTo(discount, periodStart, total)) continue;
    const amount = discountAmount(discount._coupon as Params, total);
    discount._used = true;
    total -= amount;
    amounts.push({ amount, discount: discount.id });
  }
  return { total, discounts: amounts.map((entry) => entry.discount), amounts };
}
