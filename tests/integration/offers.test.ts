/**
 * Offers and trials on paid tiers (issue 31, part 1) on the real app, a real database and the real `stripe` SDK
 * talking to the Stripe-protocol test server, which signs and delivers the webhooks to the app's real routes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '../../common/api/offers.ts';
import type { TierView } from '../../common/api/tiers.ts';
import type { MemberSummary } from '../../common/api/members.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';
import { memberships } from '../../db/content-schema.ts';
import { offerRedemptions, offers } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient, FORM, formBody, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
let second: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  stripeServer.useApp(server.url);
  // A second server on the same database: the same webhooks applied there must change nothing more.
  second = await startTestServer({ env: stripeServer.env, shareWith: server });
});

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

interface Creator {
  client: TestClient;
  site: Awaited<ReturnType<typeof insertSite>>['site'];
  accountId: string;
  tier: TierView;
}

/** A creator with a published site on a connected Stripe account and a paid tier of $5 a month or $50 a year. */
async function creator(): Promise<Creator> {
  const owner = await signUpVerified(server);
  const { site } = await insertSite(db(), await userIdOf(db(), owner.email));
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', benefits: ['Every paid post'] });
  expect(created.status).toBe(201);
  return { client: owner.client, site, accountId: account.id, tier: created.body.tier };
}

async function makeOffer(owner: Creator, body: Record<string, unknown>): Promise<OfferView> {
  const made = await owner.client.post<{ offer: OfferView }>('/api/offers', { tierId: owner.tier.id, name: 'Spring', code: `spring-${Math.random().toString(36).slice(2, 8)}`, kind: 'percent', percentOff: 25, ...body });
  expect(made.status, made.text).toBe(201);
  return made.body.offer;
}

async function reader() {
  const fan = await signUpVerified(server);
  return { ...fan, userId: await userIdOf(db(), fan.email) };
}

const checkoutPath = (owner: Creator, code: string) => `/api/sites/${owner.site.handle}/offers/${code}/checkout`;

/** Claims the offer as a signed-in reader and pays on the hosted Checkout page; answers the session's id. */
async function claimAndPay(owner: Creator, code: string, fan: { client: TestClient }): Promise<string> {
  const claimed = await fan.client.post<{ url: string }>(checkoutPath(owner, code), {});
  expect(claimed.status, claimed.text).toBe(200);
  const paid = await fetch(`${claimed.body.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await stripeServer.idle();
  return claimed.body.url.split('/').at(-1)!;
}

async function membershipOf(siteId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)));
  return row;
}

const offerRow = async (id: string) => (await db().select().from(offers).where(eq(offers.id, id)))[0]!;
const seatsOf = (offerId: string) => db().select().from(offerRedemptions).where(eq(offerRedemptions.offerId, offerId));

describe('making offers', () => {
  it('makes each kind, a discount with its coupon on the creator account, a trial with none', async () => {
    const owner = await creator();
    const percent = await makeOffer(owner, { name: 'Spring sale', code: 'spring', duration: 'repeating', durationMonths: 3 });
    expect(percent).toMatchObject({ code: 'spring', kind: 'percent', percentOff: 25, duration: 'repeating', durationMonths: 3, redemptions: 0, status: 'active', tierName: 'Supporter' });
    expect(percent.url).toBe(`${server.url}/@${owner.site.handle}/offers/spring`);
    const amount = await makeOffer(owner, { name: 'Two off', code: 'two-off', kind: 'amount', percentOff: undefined, amountOff: 200, duration: 'forever', redemptionLimit: 10 });
    expect(amount).toMatchObject({ kind: 'amount', amountOff: 200, currency: 'usd', duration: 'forever', redemptionLimit: 10 });
    const trial = await makeOffer(owner, { name: 'Two weeks free', code: 'trial', kind: 'trial', percentOff: undefined, trialDays: 14 });
    expect(trial).toMatchObject({ kind: 'trial', trialDays: 14, percentOff: null });

    const stored = await offerRow(percent.id);
    const coupon = await stripe().coupons.retrieve(stored.stripeCouponId!, {}, { stripeAccount: owner.accountId });
    expect(coupon).toMatchObject({ percent_off: 25, duration: 'repeating', duration_in_months: 3, metadata: { offerId: percent.id } });
    const amountCoupon = await stripe().coupons.retrieve((await offerRow(amount.id)).stripeCouponId!, {}, { stripeAccount: owner.accountId });
    expect(amountCoupon).toMatchObject({ amount_off: 200, currency: 'usd', duration: 'forever' });
    expect((await offerRow(trial.id)).stripeCouponId).toBeNull();
    // Made on the creator's account, not the platform's.
    await expect(stripe().coupons.retrieve(stored.stripeCouponId!)).rejects.toThrow();

    const listed = await owner.client.get<{ offers: OfferView[] }>('/api/offers');
    expect(listed.body.offers.map((offer) => offer.code).sort()).toEqual(['spring', 'trial', 'two-off']);
  });

  it('refuses every bad value by its field', async () => {
    const owner = await creator();
    const base = { tierId: owner.tier.id, name: 'Offer', code: 'good-code', kind: 'percent', percentOff: 20 };
    const refused: Array<[Record<string, unknown>, string | undefined]> = [
      [{ percentOff: 0 }, 'percentOff'],
      [{ percentOff: 101 }, 'percentOff'],
      [{ percentOff: 12.5 }, 'percentOff'],
      [{ kind: 'amount', percentOff: undefined, amountOff: -100 }, 'amountOff'],
      [{ kind: 'amount', percentOff: undefined, amountOff: 0 }, 'amountOff'],
      [{ kind: 'amount', percentOff: undefined, amountOff: 1.5 }, 'amountOff'],
      // Not below the tier's price ($5 a month).
      [{ kind: 'amount', percentOff: undefined, amountOff: 500 }, 'amountOff'],
      [{ durationMonths: 3 }, 'durationMonths'],
      [{ duration: 'repeating' }, 'durationMonths'],
      [{ kind: 'trial', percentOff: undefined, trialDays: 0 }, 'trialDays'],
      [{ kind: 'trial', percentOff: undefined, trialDays: 366 }, 'trialDays'],
      [{ kind: 'trial', percentOff: undefined, trialDays: 2.5 }, 'trialDays'],
      [{ kind: 'trial', percentOff: undefined }, 'trialDays'],
      [{ percentOff: 20, amountOff: 100 }, 'amountOff'],
      [{ code: 'Not a code!' }, 'code'],
      [{ code: '-x' }, 'code'],
      [{ name: '   ' }, 'name'],
      [{ endsAt: new Date(Date.now() - 60_000).toISOString() }, 'endsAt'],
      [{ endsAt: 'tomorrow' }, 'endsAt'],
      [{ redemptionLimit: 0 }, 'redemptionLimit'],
      [{ kind: 'coupon' }, 'kind'],
      [{ tierId: 'nope' }, 'tierId'],
    ];
    for (const [change, field] of refused) {
      const answer = await owner.client.post<{ error: { code: string; field?: string } }>('/api/offers', { ...base, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.error.field, JSON.stringify(change)).toBe(field);
    }
    // The free tier has nothing to take off.
    const [free] = (await owner.client.get<{ tiers: TierView[] }>('/api/tiers')).body.tiers.filter((tier) => tier.type === 'free');
    expect((await owner.client.post('/api/offers', { ...base, tierId: free!.id })).body).toMatchObject({ error: { code: 'invalid-input', field: 'tierId' } });

    await makeOffer(owner, { code: 'taken' });
    expect((await owner.client.post('/api/offers', { ...base, code: 'taken' })).body).toMatchObject({ error: { code: 'offer-code-taken', field: 'code' } });
    expect((await owner.client.post('/api/offers', { ...base, code: 'TAKEN' })).status).toBe(409);
    expect(await db().select().from(offers).where(eq(offers.siteId, owner.site.id))).toHaveLength(1);
  });

  it('changes name, end date, limit and archiving, never the terms', async () => {
    const owner = await creator();
    const offer = await makeOffer(owner, {});
    const path = `/api/offers/${offer.id}`;
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    const changed = await owner.client.patch<{ offer: OfferView }>(path, { name: 'Summer', endsAt, redemptionLimit: 3 });
    expect(changed.body.offer).toMatchObject({ name: 'Summer', endsAt, redemptionLimit: 3, percentOff: 25 });
    for (const terms of [{ percentOff: 50 }, { kind: 'trial' }, { code: 'other' }, { tierId: owner.tier.id }]) {
      expect((await owner.client.patch(path, terms)).status, JSON.stringify(terms)).toBe(400);
    }
    expect((await owner.client.patch(path, { redemptionLimit: 0 })).status).toBe(400);
    expect((await owner.client.patch(path, { endsAt: new Date(Date.now() - 1000).toISOString() })).body).toMatchObject({ error: { field: 'endsAt' } });
    expect((await owner.client.patch<{ offer: OfferView }>(path, { archived: true })).body.offer.status).toBe('archived');
    expect((await owner.client.patch<{ offer: OfferView }>(path, { archived: false })).body.offer.status).toBe('active');
    expect((await offerRow(offer.id)).percentOff).toBe(25);
  });

  it("never shows or changes another creator's offer or tier", async () => {
    const owner = await creator();
    const other = await creator();
    const offer = await makeOffer(owner, { code: 'mine' });
    expect((await other.client.patch(`/api/offers/${offer.id}`, { archived: true })).status).toBe(404);
    expect((await other.client.patch(`/api/offers/${offer.id}?id=${offer.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await other.client.patch('/api/offers/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await other.client.post('/api/offers', { tierId: owner.tier.id, name: 'Theirs', code: 'theirs', kind: 'percent', percentOff: 10 })).body).toMatchObject({ error: { code: 'not-found' } });
    expect((await other.client.get<{ offers: OfferView[] }>('/api/offers')).body.offers).toEqual([]);
    // The code belongs to its own site only: asked on another creator's site it is not there.
    const fan = await reader();
    expect((await fan.client.post(checkoutPath(other, 'mine'), {})).status).toBe(404);
    expect((await createTestClient(server.url).get(`/@${other.site.handle}/offers/mine`)).status).toBe(404);
    expect(await offerRow(offer.id)).toMatchObject({ archivedAt: null, name: 'Spring' });
    // Signed out, or not a creator's call: the studio's API is refused.
    expect((await createTestClient(server.url).get('/api/offers')).status).toBe(401);
  });
});

describe('claiming offers', () => {
  it('joins with 25% off for 3 months: the discount on the subscription and what the reader pays, counted once on replay on two servers', async () => {
    const owner = await creator();
    const offer = await makeOffer(owner, { code: 'quarter', duration: 'repeating', durationMonths: 3 });
    const fan = await reader();
    const sessionId = await claimAndPay(owner, 'quarter', fan);
    const session = stripeServer.object(sessionId)!;
    expect(session).toMatchObject({ mode: 'subscription', metadata: { offerId: offer.id }, amount_total: 375 });
    // No application fee on a Checkout of the creator's account.
    const made = stripeServer.requests.find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST' && request.account === owner.accountId && JSON.stringify(request.body).includes(offer.id));
    expect(JSON.stringify(made!.body)).not.toMatch(/application_fee/);

    const membership = await membershipOf(owner.site.id, fan.userId);
    expect(membership).toMatchObject({ status: 'active', tierId: owner.tier.id });
    const subscription = await stripe().subscriptions.retrieve(membership!.stripeSubscriptionId!, { expand: ['latest_invoice', 'discounts'] }, { stripeAccount: owner.accountId });
    const discounted = JSON.stringify(subscription);
    expect(discounted).toContain((await offerRow(offer.id)).stripeCouponId!);
    expect((subscription.latest_invoice as { amount_paid: number }).amount_paid).toBe(375);

    expect(await offerRow(offer.id)).toMatchObject({ redemptions: 1 });
    expect((await seatsOf(offer.id)).map((seat) => seat.status)).toEqual(['redeemed']);
    const events = stripeServer.events(owner.accountId).filter((event) => (event.data as { object: { id?: string } }).object.id === sessionId);
    // Stripe sends it again, to this server and to a second one on the same database.
    await stripeServer.redeliver(events.map((event) => String(event.id)));
    const onSecond = await stripeServer.redeliver(events.map((event) => String(event.id)), { app: second.url });
    expect(onSecond.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await offerRow(offer.id)).toMatchObject({ redemptions: 1 });
    const redeemed = await db().select().from(activityEvents).where(and(eq(activityEvents.siteId, owner.site.id), eq(activityEvents.type, 'offer-redeemed')));
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]).toMatchObject({ userId: fan.userId });

    // A reader who already pays is not taken to another Checkout.
    expect((await fan.client.post(checkoutPath(owner, 'quarter'), {})).body).toMatchObject({ error: { code: 'already-subscribed' } });
  });

  it('joins on a 14-day trial: trialing, reads the paid posts, shown as trialing', async () => {
    const owner = await creator();
    await makeOffer(owner, { code: 'fortnight', kind: 'trial', percentOff: undefined, trialDays: 14 });
    const post = await insertPost(db(), owner.site.id, { visibility: 'paid', previewHtml: '<p>Open part.</p>', gatedHtml: '<p>Only for supporters.</p>' });
    const fan = await reader();
    const sessionId = await claimAndPay(owner, 'fortnight', fan);
    expect(stripeServer.object(sessionId)).toMatchObject({ amount_total: 0 });
    const membership = await membershipOf(owner.site.id, fan.userId);
    expect(membership).toMatchObject({ status: 'trialing', tierId: owner.tier.id });
    const subscription = await stripe().subscriptions.retrieve(membership!.stripeSubscriptionId!, {}, { stripeAccount: owner.accountId });
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * 86_400);
    const page = await fan.client.get(`/@${owner.site.handle}/posts/${post.slug}`);
    expect(page.text).toContain('Only for supporters.');
    const members = await owner.client.get<{ members: MemberSummary[] }>('/api/members');
    expect(members.body.members.find((member) => member.email === fan.email)).toMatchObject({ status: 'trialing' });
  });

  it("starts every plain paid join with the tier's own trial, set by PATCH /api/tiers/:id", async () => {
    const owner = await creator();
    const tierPath = `/api/tiers/${owner.tier.id}`;
    for (const trialDays of [0, 366, 1.5, '7']) expect((await owner.client.patch(tierPath, { trialDays })).body, String(trialDays)).toMatchObject({ error: { code: 'invalid-input', field: 'trialDays' } });
    expect((await owner.client.patch<{ tier: TierView }>(tierPath, { trialDays: 7 })).body.tier.trialDays).toBe(7);
    const [free] = (await owner.client.get<{ tiers: TierView[] }>('/api/tiers')).body.tiers.filter((tier) => tier.type === 'free');
    expect((await owner.client.patch(`/api/tiers/${free!.id}`, { trialDays: 7 })).body).toMatchObject({ error: { code: 'free-tier-fixed' } });

    const fan = await reader();
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: owner.tier.id, cadence: 'month' });
    expect(joined.status).toBe(200);
    await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    await stripeServer.idle();
    const membership = await membershipOf(owner.site.id, fan.userId);
    expect(membership).toMatchObject({ status: 'trialing' });
    const subscription = await stripe().subscriptions.retrieve(membership!.stripeSubscriptionId!, {}, { stripeAccount: owner.accountId });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(7 * 86_400);

    // null takes the trial away again.
    expect((await owner.client.patch<{ tier: TierView }>(tierPath, { trialDays: null })).body.tier.trialDays).toBeNull();
  });

  it('holds a limit of 5 under 20 readers at once, and gives a seat back when its Checkout expires', async () => {
    const owner = await creator();
    const offer = await makeOffer(owner, { code: 'five', redemptionLimit: 5 });
    const fans = [];
    for (let index = 0; index < 21; index += 1) fans.push(await reader());
    const rush = await Promise.all(fans.slice(0, 20).map((fan) => fan.client.post<{ url?: string; error?: { code: string } }>(checkoutPath(owner, 'five'), {})));
    const opened = rush.filter((answer) => answer.status === 200);
    expect(opened).toHaveLength(5);
    const refused = rush.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(15);
    expect(refused.every((answer) => answer.status === 409 && answer.body.error?.code === 'offer-full')).toBe(true);
    const seats = await seatsOf(offer.id);
    expect(seats.filter((seat) => seat.status === 'held')).toHaveLength(5);

    // One of the five walks away: when the session expires its seat is free for the next reader.
    const walkedAway = opened[0]!.body.url!.split('/').at(-1)!;
    await stripeServer.expireSession(walkedAway);
    await stripeServer.idle();
    expect((await seatsOf(offer.id)).find((seat) => seat.stripeCheckoutSessionId === walkedAway)?.status).toBe('released');
    const next = await fans[20]!.client.post<{ url: string }>(checkoutPath(owner, 'five'), {});
    expect(next.status).toBe(200);
    expect((await fans[19]!.client.post(checkoutPath(owner, 'five'), {})).status).toBe(409);

    // A seat whose session ended with no event reaching us (its hold passed) goes back when the seats are counted.
    const lapsed = (await seatsOf(offer.id)).find((seat) => seat.status === 'held')!;
    await db().update(offerRedemptions).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(offerRedemptions.id, lapsed.id));
    expect((await fans[19]!.client.post(checkoutPath(owner, 'five'), {})).status).toBe(200);
    expect((await seatsOf(offer.id)).find((seat) => seat.id === lapsed.id)?.status).toBe('released');
    expect((await seatsOf(offer.id)).filter((seat) => seat.status === 'held')).toHaveLength(5);
  });

  it('stops at once when archived: the Checkouts open on its seats expire, and their seats go back', async () => {
    const owner = await creator();
    const offer = await makeOffer(owner, { code: 'closing', redemptionLimit: 3 });
    const fan = await reader();
    const claimed = await fan.client.post<{ url: string }>(checkoutPath(owner, 'closing'), {});
    expect(claimed.status).toBe(200);
    const sessionId = claimed.body.url.split('/').at(-1)!;
    expect(stripeServer.object(sessionId)).toMatchObject({ status: 'open' });
    await owner.client.patch(`/api/offers/${offer.id}`, { archived: true });
    expect(stripeServer.object(sessionId)).toMatchObject({ status: 'expired' });
    await stripeServer.idle();
    expect((await seatsOf(offer.id)).map((seat) => seat.status)).toEqual(['released']);
    // Its buyer can no longer pay at the offer's price.
    expect((await fetch(`${claimed.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).not.toBe(303);
  });

  it('refuses an archived or ended offer, and its page says so kindly', async () => {
    const owner = await creator();
    const archived = await makeOffer(owner, { code: 'gone' });
    await owner.client.patch(`/api/offers/${archived.id}`, { archived: true });
    const ended = await makeOffer(owner, { code: 'over' });
    await db().update(offers).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(offers.id, ended.id));
    const fan = await reader();
    expect((await fan.client.post(checkoutPath(owner, 'gone'), {})).body).toMatchObject({ error: { code: 'offer-ended' } });
    expect((await fan.client.post(checkoutPath(owner, 'over'), {})).body).toMatchObject({ error: { code: 'offer-ended' } });
    expect(await seatsOf(archived.id)).toEqual([]);
    const visitor = createTestClient(server.url);
    const gonePage = await visitor.get(`/@${owner.site.handle}/offers/gone`);
    expect(gonePage.status).toBe(200);
    expect(gonePage.text).toContain('This offer is no longer available.');
    expect(gonePage.text).not.toContain('Claim offer');
    expect((await visitor.get(`/@${owner.site.handle}/offers/over`)).text).toContain('This offer has ended.');
    // The page's own form is refused the same way, back on the page in words.
    const claimed = await fan.client.post(`/@${owner.site.handle}/offers/over`, '', FORM);
    expect(claimed.status).toBe(303);
    expect(claimed.headers.get('location')).toBe(`/@${owner.site.handle}/offers/over?error=offer-ended`);
  });
});

describe('markup in an offer\'s name', () => {
  it('comes back as typed in the studio list and in activity, where React shows it as text', async () => {
    const owner = await creator();
    const name = '<b>x</b><script>alert(1)</script>';
    const offer = await makeOffer(owner, { code: 'marked', name });
    const listed = await owner.client.get<{ offers: OfferView[] }>('/api/offers');
    expect(listed.headers.get('content-type')).toContain('application/json');
    expect(listed.body.offers.find((one) => one.id === offer.id)!.name).toBe(name);
    await claimAndPay(owner, 'marked', await reader());
    const activity = await owner.client.get<{ events: ActivityEvent[] }>('/api/activity?type=offer-redeemed');
    expect(activity.headers.get('content-type')).toContain('application/json');
    expect(activity.body.events.map((event) => event.detail)).toEqual([`${name} (marked)`]);
  });
});

describe('the offer page', () => {
  it('shows the tier, the price struck and the offer price, with the name as text', async () => {
    const owner = await creator();
    await makeOffer(owner, { code: 'markup', name: '<script>alert(1)</script> Sale', duration: 'repeating', durationMonths: 3 });
    await makeOffer(owner, { code: 'free-days', name: 'Free days', kind: 'trial', percentOff: undefined, trialDays: 14 });
    const visitor = createTestClient(server.url);
    const page = await visitor.get(`/@${owner.site.handle}/offers/markup`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Sale');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('<s aria-label="Usually $5 a month">$5 a month</s>');
    expect(page.text).toContain('$3.75 a month for 3 months, then $5 a month');
    expect(page.text).toContain('Claim offer');
    expect((await visitor.get(`/@${owner.site.handle}/offers/free-days`)).text).toContain('14 days free, then $5 a month');
    expect((await visitor.get(`/@${owner.site.handle}/offers/nothing-here`)).status).toBe(404);
  });

  it('takes a signed-in reader to Checkout at once, and a visitor by e-mail as the join page does', async () => {
    const owner = await creator();
    const offer = await makeOffer(owner, { code: 'page-claim' });
    const fan = await reader();
    const claimed = await fan.client.post(`/@${owner.site.handle}/offers/page-claim`, '', FORM);
    expect(claimed.status).toBe(303);
    expect(claimed.headers.get('location')).toMatch(/\/hosted\/checkout\/cs_/);

    const visitor = createTestClient(server.url);
    const email = `visitor.${Date.now()}@example.com`;
    // Where the page's own form posts, as a browser would.
    const page = await visitor.get(`/@${owner.site.handle}/offers/page-claim`);
    const action = /<form class="sign-in__form" method="post" action="([^"]+)"/.exec(page.text)?.[1];
    expect(action).toBe(`/@${owner.site.handle}/offers/page-claim`);
    const byEmail = await visitor.post(action!, formBody({ email }), FORM);
    expect(byEmail.status).toBe(303);
    const sessionId = byEmail.headers.get('location')!.split('/').at(-1)!;
    expect(stripeServer.object(sessionId)).toMatchObject({ customer_email: email, metadata: { offerId: offer.id } });
    expect(await seatsOf(offer.id)).toHaveLength(2);
    // A proven account's address typed by a visitor: the link is mailed (it signs its owner in), no Checkout opens.
    const proven = await visitor.post(`/@${owner.site.handle}/offers/page-claim`, formBody({ email: fan.email }), FORM);
    expect(proven.status).toBe(200);
    expect(proven.text).toContain('Check your inbox');
    expect(await seatsOf(offer.id)).toHaveLength(2);
    // An address that is none is asked again, on the page.
    const bad = await visitor.post(`/@${owner.site.handle}/offers/page-claim`, formBody({ email: 'not an address' }), FORM);
    expect(bad.status).toBe(400);
  });

  it('lets a comped member (a gift, the creator’s comp) claim, and tells only a member paying through Stripe that they already pay', async () => {
    const owner = await creator();
    await makeOffer(owner, { code: 'comped-claim' });
    const comped = await reader();
    await insertMembership(db(), { siteId: owner.site.id, userId: comped.userId, tierId: owner.tier.id, status: 'comped', source: 'comp' });
    const page = await comped.client.get(`/@${owner.site.handle}/offers/comped-claim`);
    expect(page.text).toContain('<button class="button" type="submit">Claim offer</button>');
    expect(page.text).not.toContain('You are already a paying member');
    const paying = await reader();
    await insertMembership(db(), { siteId: owner.site.id, userId: paying.userId, tierId: owner.tier.id, status: 'active', source: 'stripe', stripeSubscriptionId: `sub_${paying.userId}` });
    expect((await paying.client.get(`/@${owner.site.handle}/offers/comped-claim`)).text).toContain('You are already a paying member');
  });
});
