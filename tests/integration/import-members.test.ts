/**
 * Imported members (issue 30 item 6, docs/decisions/161), through planMembers
 * and writeMembers against the real database and the local Stripe-protocol
 * server with the real SDK: a Substack subscriber whose subscription lives on
 * the creator's account (through Connect or by their own key) is linked to it
 * on the mapped tier, with no new Stripe object; a customer of another account, and paying members of a
 * site without Stripe, come in free with the reason; active patrons come in
 * comped until their next charge, invited by mail when asked; a second run adds
 * nothing; later events of a linked subscription find the tier through the
 * mapped price; an undo removes the memberships with their history. At the
 * API: a Stripe price is never put on the free tier (the run refuses the map
 * by field; with no paid tier the dry run says to make one first).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../common/api/imports.ts';
import type { MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import { imports } from '../../db/move-schema.ts';
import { membershipEvents, paymentAccounts } from '../../db/money-schema.ts';
import { sites, tiers as tierTable } from '../../db/content-schema.ts';
import { targetsOf, type ImportScope } from '../../server/imports/import-items.ts';
import { planMembers } from '../../server/imports/members/plan-members.ts';
import { writeMembers } from '../../server/imports/members/write-members.ts';
import type { SourceBundle, SourceMember } from '../../server/imports/sources/source-bundle.ts';
import { removeImportedMemberships } from '../../server/memberships/index.ts';
import { createStripeClient, stripeWithKey } from '../../server/payments/stripe-client.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { writeSubstackZip } from '../support/import-fixtures.ts';
import { dryRun, settledImport, startImport } from '../support/import-runs.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { uploadsFolder } from '../support/zip-fixtures.ts';

let stripeServer: StripeServer;
let server: TestServer;
let folder: Awaited<ReturnType<typeof uploadsFolder>>;
let stripe: Stripe;
let counter = 0;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  // Stripe's events reach the app as they would: a linked subscription's later news is applied by the sync.
  stripeServer.useApp(server.url);
  folder = await uploadsFolder();
  stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, apiUrl: new URL(stripeServer.url), webhookSecret: undefined, connectWebhookSecret: undefined });
});
afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
  await folder?.remove();
});

interface TestSite {
  creator: Creator;
  tiers: SiteTiers;
  /** The creator's connected account, when the site has one. */
  account?: string;
}

async function siteWithTiers(connected: boolean, { paidTier = true } = {}): Promise<TestSite> {
  const creator = await creatorWithSite(server);
  const tiers = await insertTiers(server.handle.db, creator.siteId);
  if (!paidTier) await server.handle.db.delete(tierTable).where(eq(tierTable.id, tiers.gold.id));
  if (!connected) return { creator, tiers };
  const account = (await stripe.accounts.create({ type: 'standard' })).id;
  await stripeServer.completeOnboarding(account);
  await server.handle.db.insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account, detailsSubmitted: true, chargesEnabled: true });
  return { creator, tiers, account };
}

/** The creator's Stripe account as a test reaches it: the platform's client on a connected account, or the creator's own key. */
interface OnAccount {
  client: Stripe;
  options: { stripeAccount?: string };
}
const connectedTo = (account: string): OnAccount => ({ client: stripe, options: { stripeAccount: account } });

/** A Substack plan on the account: a product and price no tier of ours owns. */
async function substackPrice({ client, options }: OnAccount): Promise<Stripe.Price> {
  const product = await client.products.create({ name: 'Substack subscription' }, options);
  return client.prices.create({ product: product.id, unit_amount: 500, currency: 'usd', recurring: { interval: 'month' } }, options);
}

/** A customer who pays on the account through Stripe's hosted checkout, as Substack's subscribers did. */
async function payingCustomer({ client, options }: OnAccount, price: Stripe.Price, email: string): Promise<{ customer: string; subscription: string }> {
  const customer = await client.customers.create({ email }, options);
  const session = await client.checkout.sessions.create(
    { mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], customer: customer.id, success_url: 'http://app.test/ok', cancel_url: 'http://app.test/no' },
    options,
  );
  const page = await (await fetch(session.url!)).text();
  const pay = [...page.matchAll(/<form method="post" action="([^"]+)"><button type="submit">Pay<\/button><\/form>/g)][0]!;
  expect((await fetch(new URL(pay[1]!.replaceAll('&#38;', '&'), session.url!).href, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const subscriptions = await client.subscriptions.list({ customer: customer.id }, options);
  return { customer: customer.id, subscription: subscriptions.data[0]!.id };
}

const member = (email: string, extra: Partial<SourceMember> = {}): SourceMember => ({ email, name: '', where: `${email}'s row`, createdAt: null, subscribedToEmails: true, paid: false, ...extra });
const unique = (name: string) => `${name}.${process.pid}.${++counter}@import.example`;

async function siteOf(creator: Creator) {
  const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, creator.siteId));
  return site!;
}

/** An `imports` row for the scope, as the imports room makes at the dry run. */
async function scopeFor(creator: Creator, source: SourceBundle['source']): Promise<ImportScope> {
  const [row] = await server.handle.db
    .insert(imports)
    .values({ siteId: creator.siteId, source, fileName: 'export.zip', storageKey: 'imports/test', fileBytes: 1, counts: { posts: 0, members: 0, paidMembers: 0, files: 0 } })
    .returning();
  return { siteId: creator.siteId, source, importId: row!.id };
}

const deps = () => ({ db: server.handle.db, clock: () => new Date(), stripeForSite: server.services.paymentAccounts.stripeForSite });

async function plan(creator: Creator, bundle: Pick<SourceBundle, 'source' | 'members'>) {
  return planMembers(deps(), await siteOf(creator), bundle);
}

async function run(creator: Creator, bundle: Pick<SourceBundle, 'source' | 'members'>, tierMap: Record<string, string>, invitePatrons = false) {
  const scope = await scopeFor(creator, bundle.source);
  const progress: number[] = [];
  const written = await writeMembers(deps(), scope, await siteOf(creator), await plan(creator, bundle), tierMap, { invitePatrons }, async (done) => {
    progress.push(done);
  });
  return { written, scope, progress };
}

async function memberByEmail(creator: Creator, email: string): Promise<MemberDetail> {
  const { members } = (await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(email)}`)).body;
  expect(members, email).toHaveLength(1);
  return (await creator.client.get<{ member: MemberDetail }>(`/api/members/${members[0]!.id}`)).body.member;
}

describe('a Substack import on the creator’s own Stripe account', () => {
  it('links paying subscribers to their subscription on the mapped tier, creates nothing at Stripe, and refuses another account’s customer', async () => {
    const { creator, tiers, account } = await siteWithTiers(true);
    const price = await substackPrice(connectedTo(account!));
    const [byId, byEmail, free, foreign] = [unique('by-id'), unique('by-email'), unique('free'), unique('foreign')];
    const paidById = await payingCustomer(connectedTo(account!), price, byId);
    const paidByEmail = await payingCustomer(connectedTo(account!), price, byEmail);
    const otherAccount = (await stripe.accounts.create({ type: 'standard' })).id;
    const elsewhere = await stripe.customers.create({ email: foreign }, { stripeAccount: otherAccount });
    const bundle = {
      source: 'substack' as const,
      members: [
        member(byId, { paid: true, stripeCustomerId: paidById.customer, name: 'Ada Lovelace' }),
        member(byEmail, { paid: true }),
        member(free, { subscribedToEmails: false }),
        member(foreign, { paid: true, stripeCustomerId: elsewhere.id }),
        member('not-an-address', { where: 'email_list.csv line 6' }),
        member(creator.email, { where: 'email_list.csv line 7' }),
      ],
    };

    const dry = await plan(creator, bundle);
    expect(dry.counts).toEqual({ members: 4, paidMembers: 3 });
    expect(dry.tierChoices).toEqual([{ source: price.id, label: 'Monthly, $5.00', members: 2, suggestedTierId: tiers.gold.id, paidThroughStripe: true }]);
    expect(dry.problems).toEqual([
      { where: 'email_list.csv line 6', message: '“not-an-address” is not an e-mail address; the row is left out.' },
      { where: 'email_list.csv line 7', message: `${creator.email} is your own address: you are this site's creator, not a member of it.` },
      { where: `${foreign}'s row`, message: `${foreign}: this Stripe customer is not on your Stripe account; they come in as a free member.` },
    ]);

    const requestsBefore = stripeServer.requests.length;
    const { written, scope } = await run(creator, bundle, { [price.id]: tiers.gold.id });
    expect(written).toEqual({ members: 4, linkedSubscriptions: 2, compedPatrons: 0 });
    // Linked, not recreated: the run asked Stripe only to read (the plan's look-ups), never to make or change anything.
    const made = stripeServer.requests.slice(requestsBefore).filter((request) => request.method !== 'GET');
    expect(made).toEqual([]);

    for (const [email, paid] of [
      [byId, paidById],
      [byEmail, paidByEmail],
    ] as const) {
      expect(await memberByEmail(creator, email)).toMatchObject({
        status: 'active',
        source: 'stripe',
        tier: { id: tiers.gold.id },
        cadence: 'month',
        stripeCustomerId: paid.customer,
        paysThroughStripe: true,
        history: [{ kind: 'imported', detail: 'Imported from Substack and linked to their Stripe subscription' }],
      });
    }
    expect(await memberByEmail(creator, free)).toMatchObject({ status: 'active', tier: { id: tiers.free.id }, subscribedToEmails: false, paysThroughStripe: false });
    expect(await memberByEmail(creator, foreign)).toMatchObject({ status: 'active', tier: { id: tiers.free.id }, stripeCustomerId: null, history: [{ kind: 'imported', detail: 'Imported from Substack' }] });
    expect(await targetsOf(server.handle.db, scope.importId, 'member')).toHaveLength(4);

    // The same file again: everyone is a member already, and nothing is added.
    expect((await plan(creator, bundle)).counts).toEqual({ members: 0, paidMembers: 0 });
    expect((await run(creator, bundle, { [price.id]: tiers.gold.id })).written).toEqual({ members: 0, linkedSubscriptions: 0, compedPatrons: 0 });

    // Later events of the linked subscription: its price is the tier's now (the product is still Substack's).
    await stripeServer.setSubscriptionStatus(paidById.subscription, 'past_due');
    expect(await memberByEmail(creator, byId)).toMatchObject({ status: 'past_due', tier: { id: tiers.gold.id }, source: 'stripe' });
    await stripeServer.setSubscriptionStatus(paidById.subscription, 'canceled');
    const ended = await memberByEmail(creator, byId);
    expect(ended).toMatchObject({ status: 'canceled', tier: { id: tiers.gold.id }, paysThroughStripe: false });
    expect(ended.history[0]).toMatchObject({ kind: 'ended', detail: 'Subscription ended' });
  });

  it('links a subscriber on the creator’s own Stripe key as on Connect', async () => {
    const { creator, tiers } = await siteWithTiers(false);
    const key = stripeServer.createAccountKey({ name: 'Own key' });
    const saved = await creator.patch('/api/payments/key', { secretKey: key.secretKey });
    expect(saved.status, saved.text).toBe(200);
    const own: OnAccount = { client: stripeWithKey(new URL(stripeServer.url), key.secretKey), options: {} };
    const price = await substackPrice(own);
    const email = unique('own-key');
    const paid = await payingCustomer(own, price, email);
    const bundle = { source: 'substack' as const, members: [member(email, { paid: true })] };

    const requestsBefore = stripeServer.requests.length;
    expect((await run(creator, bundle, { [price.id]: tiers.gold.id })).written).toEqual({ members: 1, linkedSubscriptions: 1, compedPatrons: 0 });
    expect(stripeServer.requests.slice(requestsBefore).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(await memberByEmail(creator, email)).toMatchObject({ status: 'active', source: 'stripe', tier: { id: tiers.gold.id }, stripeCustomerId: paid.customer, paysThroughStripe: true });
  });

  it('plans paying members of a site without Stripe as free members, with one problem saying how to keep them paying', async () => {
    const { creator, tiers } = await siteWithTiers(false);
    const [first, second] = [unique('nostripe-a'), unique('nostripe-b')];
    const bundle = { source: 'substack' as const, members: [member(first, { paid: true, stripeCustomerId: 'cus_123' }), member(second, { paid: true })] };
    const dry = await plan(creator, bundle);
    expect(dry.problems).toEqual([{ where: 'Paying members', message: 'Connect Stripe in Settings › Advanced first to keep your 2 paying members paying; otherwise they come in as free members.' }]);
    expect(dry.tierChoices).toEqual([]);
    expect((await run(creator, bundle, {})).written).toEqual({ members: 2, linkedSubscriptions: 0, compedPatrons: 0 });
    expect(await memberByEmail(creator, first)).toMatchObject({ status: 'active', tier: { id: tiers.free.id } });
  });
});

describe('a paid plan at the API, never on the free tier', () => {
  /** A Substack export holding one subscriber who pays on the account, as the studio uploads it. */
  async function substackExportOf(account: string): Promise<{ file: string; price: Stripe.Price; email: string }> {
    const price = await substackPrice(connectedTo(account));
    const email = unique('api-paid');
    const { customer } = await payingCustomer(connectedTo(account), price, email);
    const file = await folder.write(`${email}.zip`, '');
    await writeSubstackZip(file, { posts: [], members: [{ email, active: true, stripeCustomerId: customer }] });
    return { file, price, email };
  }

  it('offers the price as paid through Stripe, refuses a map that puts it on the free tier by field, and links the member on a paid tier', async () => {
    const { creator, tiers, account } = await siteWithTiers(true);
    const { file, price, email } = await substackExportOf(account!);
    const planned = await dryRun(server, creator, 'substack', file);
    expect(planned.tiers).toEqual([{ source: price.id, label: 'Monthly, $5.00', members: 1, suggestedTierId: tiers.gold.id, paidThroughStripe: true }]);

    const refused = await startImport(server, creator, planned.id, { tierMap: { [price.id]: tiers.free.id } });
    expect(refused.status, refused.text).toBe(400);
    expect((refused.body as unknown as { error: { code: string; field: string; message: string } }).error).toEqual({
      code: 'invalid-input',
      field: 'tierMap',
      message: 'Members who pay through Stripe go onto a paid tier: on the free tier they would come in unlinked while Stripe goes on billing them. Choose a paid tier for each Stripe price.',
    });
    expect((await creator.client.get<{ import: ImportView }>(`/api/imports/${planned.id}`)).body.import.status).toBe('planned');

    expect((await startImport(server, creator, planned.id, { tierMap: { [price.id]: tiers.gold.id } })).status).toBe(200);
    const done = await settledImport(creator, planned.id);
    expect(done.result).toMatchObject({ members: 1, linkedSubscriptions: 1 });
    expect(await memberByEmail(creator, email)).toMatchObject({ tier: { id: tiers.gold.id }, source: 'stripe', paysThroughStripe: true });
  });

  it('names a problem in the dry run when the site has no paid tier for them to go onto', async () => {
    const { creator, account } = await siteWithTiers(true, { paidTier: false });
    const { file, price } = await substackExportOf(account!);
    const planned = await dryRun(server, creator, 'substack', file);
    expect(planned.tiers).toEqual([{ source: price.id, label: 'Monthly, $5.00', members: 1, suggestedTierId: null, paidThroughStripe: true }]);
    expect(planned.problems).toContainEqual({
      where: 'Paying members',
      message: 'Make a paid tier first, in Settings › Advanced, then check the file again: your paying member pays through Stripe and would come in free while Stripe goes on billing them.',
    });
  });
});

describe('a Patreon import', () => {
  it('comps active patrons on the mapped tier until their next charge, invites them when asked, and an undo removes what it made', async () => {
    const { creator, tiers } = await siteWithTiers(false);
    const [dated, undated, former] = [unique('patron-dated'), unique('patron-undated'), unique('patron-former')];
    const nextCharge = new Date(Date.now() + 20 * 86_400_000);
    nextCharge.setUTCHours(0, 0, 0, 0);
    const bundle = {
      source: 'patreon' as const,
      members: [
        member(dated, { paid: true, plan: 'Gold patrons', compUntil: nextCharge, name: 'Grace Hopper' }),
        member(undated, { paid: true, plan: 'Gold patrons' }),
        member(former, { paid: false, plan: 'Gold patrons' }),
      ],
    };
    const dry = await plan(creator, bundle);
    expect(dry.tierChoices).toEqual([{ source: 'Gold patrons', label: 'Gold patrons', members: 2, suggestedTierId: tiers.gold.id, paidThroughStripe: false }]);
    expect(dry.counts).toEqual({ members: 3, paidMembers: 2 });

    const { written, scope } = await run(creator, bundle, { 'Gold patrons': tiers.gold.id }, true);
    expect(written).toEqual({ members: 3, linkedSubscriptions: 0, compedPatrons: 2 });
    const comped = await memberByEmail(creator, dated);
    expect(comped).toMatchObject({ status: 'comped', tier: { id: tiers.gold.id }, compExpiresAt: nextCharge.toISOString(), paysThroughStripe: false });
    expect(comped.history).toEqual([expect.objectContaining({ kind: 'imported', detail: `Imported from Patreon, comped on Gold until ${nextCharge.toISOString().slice(0, 10)}` })]);
    // No date: a month.
    const month = new Date((await memberByEmail(creator, undated)).compExpiresAt!).getTime() - Date.now();
    expect(month).toBeGreaterThan(30 * 86_400_000);
    expect(month).toBeLessThan(32 * 86_400_000);
    expect(await memberByEmail(creator, former)).toMatchObject({ status: 'active', tier: { id: tiers.free.id } });

    const invitation = await server.smtp.waitForMailAbout(dated, 'has moved');
    expect(invitation.from.name).toBe(`The ${creator.handle} site`);
    expect(invitation.links).toContain(`${server.url}/@${creator.handle}/join?tier=${tiers.gold.id}&cadence=month`);
    await server.smtp.waitForMailAbout(undated, 'has moved');
    expect(server.smtp.mailsTo(former)).toEqual([]);

    const membershipIds = await targetsOf(server.handle.db, scope.importId, 'member');
    const undone = await server.handle.db.transaction((tx) => removeImportedMemberships(tx, creator.siteId, membershipIds, new Date()));
    expect(undone.removed).toHaveLength(3);
    expect((await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent('import.example')}`)).body.total).toBe(0);
    expect(await server.handle.db.select().from(membershipEvents).where(eq(membershipEvents.siteId, creator.siteId))).toEqual([]);
  });
});
