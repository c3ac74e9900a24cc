/**
 * Digital products (server/products/, DESIGN.md "More ways to be paid") through the running server: a product of a PDF
 * and a zip uploaded to the library, bought signed out on the Stripe-protocol server's hosted page (the real `stripe`
 * SDK, signed webhooks; an account made by the address), the receipt read from the SMTP sink after the real worker
 * sent it, its link leading to the files, each streamed whole and by a byte range; its webhooks replayed on a second
 * server; the link bound to its buyer (another account, a tampered link, an expired one), a refund that ends access,
 * a file deleted after the sale, an expired Checkout, every bad value, foreign ids, and markup shown as text.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSaleView, ProductView } from '../../common/api/products.ts';
import { PRODUCT_DOWNLOAD_SECONDS } from '../../common/earn.ts';
import { productPurchases, sales } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClient, FORM, formBody, type TestClient } from '../support/http-client.ts';
import { createUpload, uploadBytes, waitForMedia } from '../support/media.ts';
import { insertTier } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const time = createTestClock();
let stripeServer: StripeServer;
let server: TestServer;
/** A second server on the same database, where Stripe's events come again. */
let second: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ clock: time.clock, env: { ...stripeServer.env, EMAIL_RATE_PER_SECOND: '50' } });
  second = await startTestServer({ clock: time.clock, env: { ...stripeServer.env, EMAIL_RATE_PER_SECOND: '50' }, shareWith: server });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

/** A PDF the library takes (its first bytes say so), with random bytes after, so a slice is told apart. */
const pdfBytes = (size = 300_000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
const zipBytes = () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(50_000)]);

interface ProductSite {
  creator: Creator;
  accountId: string;
  pdf: { id: string; bytes: Buffer };
  zip: { id: string; bytes: Buffer };
}

async function upload(creator: Creator, bytes: Buffer, name: string, type: string): Promise<string> {
  const id = await uploadBytes(server.url, creator.client, bytes, name, type);
  expect((await waitForMedia(creator.client, id)).status).toBe('ready');
  return id;
}

/** A creator's published site on a connected account (tiers in dollars), with a PDF and a zip in its library. */
async function productSite(): Promise<ProductSite> {
  time.advance(60_000);
  const creator = await creatorWithSite(server);
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  await insertTier(db(), creator.siteId, { type: 'free', name: 'Free', monthlyPrice: null, yearlyPrice: null });
  await insertTier(db(), creator.siteId, { name: 'Supporter' });
  const pdf = pdfBytes();
  const zip = zipBytes();
  return { creator, accountId: account.id, pdf: { id: await upload(creator, pdf, 'guide.pdf', 'application/pdf'), bytes: pdf }, zip: { id: await upload(creator, zip, 'extras.zip', 'application/zip'), bytes: zip } };
}

let slugCounter = 0;
async function makeProduct(site: ProductSite, body: Record<string, unknown> = {}): Promise<ProductView> {
  const made = await site.creator.client.post<{ product: ProductView }>('/api/products', { title: 'The guide', slug: `guide-${++slugCounter}`, description: 'All of it.', price: 1200, currency: 'usd', mediaIds: [site.pdf.id, site.zip.id], ...body });
  expect(made.status, made.text).toBe(201);
  return made.body.product;
}

async function checkout(handle: string, slug: string, body: Record<string, unknown> = {}, client: TestClient = createTestClient(server.url)) {
  return client.post<{ url?: string; error?: { code: string; field?: string } }>(`/api/sites/${handle}/products/${slug}/checkout`, body);
}

async function pay(url: string): Promise<void> {
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

/** Buys the product signed out with a new address; answers the address and the receipt's link. */
async function buySignedOut(site: ProductSite, product: ProductView, count = 1): Promise<{ email: string; link: string }> {
  const email = uniqueEmail('buyer');
  const opened = await checkout(site.creator.handle, product.slug, { email });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  await pay(opened.body.url!);
  const receipt = await server.smtp.waitForMailAbout(email, 'download', count);
  const link = receipt.links.find((candidate) => candidate.includes('/downloads?token='))!;
  expect(link).toContain(`/@${site.creator.handle}/downloads?token=`);
  return { email, link };
}

const pathOf = (link: string) => {
  const url = new URL(link, server.url);
  return `${url.pathname}${url.search}`;
};

/** The file links a downloads or account page lists, by file name. */
function fileLinks(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const match of html.matchAll(/<a href="([^"]*\/downloads\?file=[^"]+)" download>(?:<span>)?([^<]+)/g)) links.set(match[2]!, match[1]!.replace(/&amp;/g, '&'));
  return links;
}

async function fetchFile(path: string, { client, range }: { client?: TestClient; range?: string } = {}) {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await fetch(new URL(path, server.url), { headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const purchasesOf = (siteId: string) => db().select().from(productPurchases).where(eq(productPurchases.siteId, siteId));

describe('a product bought signed out', () => {
  it('is paid on the creator account, makes the buyer an account, and its receipt link leads to the files, whole and by range', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    expect(product).toMatchObject({ price: 1200, currency: 'usd', status: 'active', sales: { count: 0, revenue: 0 } });
    expect(product.files.map((file) => [file.name, file.kind])).toEqual([
      ['guide.pdf', 'pdf'],
      ['extras.zip', 'zip'],
    ]);

    const { email, link } = await buySignedOut(site, product);
    const create = stripeServer.requests.findLast((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')!;
    expect(create.account).toBe(site.accountId);
    expect(create.body).toMatchObject({ mode: 'payment', line_items: [{ price_data: { unit_amount: '1200', currency: 'usd' } }] });
    expect(JSON.stringify(create.body)).not.toContain('application_fee');

    // An account was made for the address: a member with no password, who signs in by the site's mailed link.
    const [buyer] = await db().select().from(users).where(eq(users.email, email));
    expect(buyer).toMatchObject({ role: 'member', passwordHash: null });
    const [purchase] = await purchasesOf(site.creator.siteId);
    expect(purchase).toMatchObject({ userId: buyer!.id, productId: product.id, revokedAt: null, mediaIdsAtSale: [site.pdf.id, site.zip.id] });

    // The token is only in the mail: its hash is stored, the outbox holds no trace of it.
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(purchase!.downloadTokenHash).toBe(hashToken(token));
    const outbox = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(JSON.stringify(outbox)).not.toContain(token);

    // The browser that opens the receipt's link keeps a proof of it, on the downloads path only, unreadable by script.
    const holder = createTestClient(server.url);
    const page = await holder.get(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const proof = page.headers.getSetCookie().find((line) => line.startsWith(`dl-${purchase!.saleId}=`))!;
    for (const attribute of [`Path=/@${site.creator.handle}/downloads;`, 'HttpOnly', 'SameSite=Lax']) expect(proof).toContain(attribute);
    const links = fileLinks(page.text);
    expect([...links.keys()]).toEqual(['guide.pdf', 'extras.zip']);

    const whole = await fetchFile(links.get('guide.pdf')!, { client: holder });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toContain('attachment');
    expect(whole.bytes.equals(site.pdf.bytes)).toBe(true);
    const slice = await fetchFile(links.get('guide.pdf')!, { client: holder, range: 'bytes=1000-1999' });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000-1999/${site.pdf.bytes.length}`);
    expect(slice.bytes.equals(site.pdf.bytes.subarray(1000, 2000))).toBe(true);
    const zip = await fetchFile(links.get('extras.zip')!, { client: holder });
    expect(zip.bytes.equals(site.zip.bytes)).toBe(true);

    // The creator sees the sale, with its amount.
    const list = await site.creator.client.get<{ products: ProductView[] }>('/api/products');
    expect(list.body.products.find((row) => row.id === product.id)!.sales).toEqual({ count: 1, revenue: 1200 });
    const sold = await site.creator.client.get<{ sales: ProductSaleView[] }>(`/api/products/${product.id}/sales`);
    expect(sold.body.sales).toMatchObject([{ status: 'paid', amount: 1200, currency: 'usd', buyerEmail: email }]);
  });

  it('goes from the product page form to Checkout, and thanks the buyer after it', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const visitor = createTestClient(server.url);
    const page = await visitor.get(`/@${site.creator.handle}/products/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('$12.00');
    expect(page.text).toContain('guide.pdf');
    expect(page.text).toContain('name="email"');
    expect(page.text).toContain('By buying you agree to the');
    const refused = await visitor.post(`/@${site.creator.handle}/products/${product.slug}`, formBody({ email: 'not an address' }), FORM);
    expect(refused.status).toBe(400);
    const bought = await visitor.post(`/@${site.creator.handle}/products/${product.slug}`, formBody({ email: uniqueEmail('form') }), FORM);
    expect(bought.status).toBe(303);
    expect(bought.headers.get('location')).toContain(stripeServer.url);
    const thanks = await visitor.get(`/@${site.creator.handle}/products/${product.slug}?bought=1`);
    expect(thanks.text).toContain('receipt');
  });
});

describe('Stripe\'s events again', () => {
  it('give one purchase, one receipt and one activity row when they come again in reverse order on a second server', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const { email } = await buySignedOut(site, product);

    // Every event of this creator's account (the Checkout's completion and its payment's), newest first.
    const ids = stripeServer.events(site.accountId).map((event) => event.id).reverse();
    const replays = [...(await stripeServer.redeliver(ids, { app: second.url })), ...(await stripeServer.redeliver(ids))];
    expect(replays.every((delivery) => delivery.status === 200)).toBe(true);

    expect((await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId))).map((sale) => [sale.kind, sale.status, sale.amount])).toEqual([['product', 'paid', 1200]]);
    expect(await purchasesOf(site.creator.siteId)).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const activity = await db().select({ type: activityEvents.type }).from(activityEvents).where(eq(activityEvents.siteId, site.creator.siteId));
    expect(activity.map((row) => row.type)).toEqual(['product-sold']);
    const mails = await db()
      .select({ recipient: mailOutbox.recipient, template: mailOutbox.template })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.recipient, [email, site.creator.email]), inArray(mailOutbox.template, ['product-receipt', 'new-sale'])))
      .orderBy(mailOutbox.template);
    expect(mails).toEqual([
      { recipient: site.creator.email, template: 'new-sale' },
      { recipient: email, template: 'product-receipt' },
    ]);
  });
});

describe('the download links', () => {
  it('are the buyer\'s own: another account, a tampered link and an expired one are refused', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const { link } = await buySignedOut(site, product);
    const holder = createTestClient(server.url);
    const page = await holder.get(pathOf(link));
    const fileLink = fileLinks(page.text).get('guide.pdf')!;

    // The file link alone, copied to a browser that never opened the receipt's link: refused, though signed and fresh.
    expect((await fetchFile(fileLink)).status).toBe(403);
    expect((await fetchFile(fileLink, { client: holder })).status).toBe(200);

    // Another signed-in account: neither the page nor the file.
    time.advance(60_000);
    const other = await signUpVerified(server);
    expect((await other.client.get(pathOf(link))).status).toBe(403);
    expect((await fetchFile(fileLink, { client: other.client })).status).toBe(403);

    // Tampered: the signature, the sale named, the token.
    const tamperedSignature = fileLink.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await fetchFile(tamperedSignature)).status).toBe(403);
    const otherSale = await buySignedOut(site, product);
    const claim = new URL(fileLink, server.url).searchParams.get('file')!;
    const secondSale = (await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId))).find((sale) => sale.id !== claim.slice(0, 36))!;
    expect((await fetchFile(fileLink.replace(claim.slice(0, 36), secondSale.id))).status).toBe(403);
    const token = new URL(link).searchParams.get('token')!;
    const changed = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect((await createTestClient(server.url).get(`/@${site.creator.handle}/downloads?token=${changed}`)).status).toBe(403);
    expect((await createTestClient(server.url).get(`/@${site.creator.handle}/downloads?token=${'<b>x</b>'}`)).status).toBe(403);
    expect(otherSale.link).not.toBe(link);

    // Expired (the test clock past PRODUCT_DOWNLOAD_SECONDS): 410; the page gives fresh ones.
    time.advance((PRODUCT_DOWNLOAD_SECONDS + 1) * 1000);
    const expired = await fetchFile(fileLink, { client: holder });
    expect(expired.status).toBe(410);
    expect(expired.bytes.toString()).toContain('no longer works');
    const fresh = fileLinks((await holder.get(pathOf(link))).text).get('guide.pdf')!;
    expect((await fetchFile(fresh, { client: holder })).bytes.equals(site.pdf.bytes)).toBe(true);
  });

  it('end with a refund, on the page, the file and the account page', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    // A signed-in buyer: the purchase is on their account page too.
    time.advance(60_000);
    const member = await signUpVerified(server);
    const opened = await checkout(site.creator.handle, product.slug, {}, member.client);
    expect(opened.status).toBe(200);
    await pay(opened.body.url!);
    const receipt = await server.smtp.waitForMailAbout(member.email, 'download');
    const link = receipt.links.find((candidate) => candidate.includes('/downloads?token='))!;
    const account = await member.client.get(`/@${site.creator.handle}/account`);
    expect(account.status).toBe(200);
    expect(account.text).toContain('Purchases');
    const fileLink = fileLinks(account.text).get('guide.pdf')!;
    expect((await fetchFile(fileLink, { client: member.client })).bytes.equals(site.pdf.bytes)).toBe(true);

    const [sale] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId));
    await stripeServer.refund(sale!.stripePaymentIntentId!);
    await expect.poll(async () => (await purchasesOf(site.creator.siteId))[0]!.revokedAt).not.toBeNull();
    expect((await fetchFile(fileLink, { client: member.client })).status).toBe(410);
    expect((await createTestClient(server.url).get(pathOf(link))).status).toBe(410);
    expect((await member.client.get(`/@${site.creator.handle}/account`)).text).not.toContain('Purchases');
    const list = await site.creator.client.get<{ products: ProductView[] }>('/api/products');
    expect(list.body.products[0]!.sales).toEqual({ count: 1, revenue: 0 });
  });

  it('leave out a file deleted from the library after the sale, with a kind note, never an error', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const { link } = await buySignedOut(site, product);
    const holder = createTestClient(server.url);
    const before = fileLinks((await holder.get(pathOf(link))).text);
    const deleted = await site.creator.delete(`/api/media/${site.zip.id}`);
    expect(deleted.status, deleted.text).toBeLessThan(300);

    const page = await holder.get(pathOf(link));
    expect(page.status).toBe(200);
    expect([...fileLinks(page.text).keys()]).toEqual(['guide.pdf']);
    expect(page.text).toContain('One file of this product is no longer available');
    const stale = await fetchFile(before.get('extras.zip')!, { client: holder });
    expect(stale.status).toBe(410);
    expect((await fetchFile(fileLinks(page.text).get('guide.pdf')!, { client: holder })).bytes.equals(site.pdf.bytes)).toBe(true);
  });
});

describe('a Checkout that is not paid', () => {
  it('makes no purchase when it expires', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const opened = await checkout(site.creator.handle, product.slug, { email: uniqueEmail('quitter') });
    expect(opened.status).toBe(200);
    const [sale] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId));
    await stripeServer.expireSession(sale!.stripeCheckoutSessionId!);
    expect((await db().select().from(sales).where(eq(sales.id, sale!.id)))[0]!.status).toBe('expired');
    expect(await purchasesOf(site.creator.siteId)).toEqual([]);
  });
});

describe('the creator\'s products', () => {
  it('refuses bad values with the field', async () => {
    const site = await productSite();
    const other = await productSite();
    const image = await uploadBytes(server.url, site.creator.client, Buffer.from('not yet'), 'x.png', 'image/png');
    const unready = (await createUpload(server.url, site.creator.client, { length: 1000, filename: 'later.pdf', filetype: 'application/pdf' })).id;
    const taken = await makeProduct(site);
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ price: 0 }, 400, 'invalid-input', 'price'],
      [{ price: -100 }, 400, 'invalid-input', 'price'],
      [{ price: 12.5 }, 400, 'invalid-input', 'price'],
      [{ price: '1200' }, 400, 'invalid-input', 'price'],
      [{ price: 100_000_000 }, 400, 'invalid-input', 'price'],
      // Under Stripe's smallest charge in the currency ($0.50): it could never be bought.
      [{ price: 49 }, 400, 'invalid-input', 'price'],
      [{ currency: 'eur' }, 400, 'invalid-input', 'currency'],
      [{ currency: 'xyz' }, 400, 'invalid-input', 'currency'],
      [{ mediaIds: [other.pdf.id] }, 400, 'invalid-input', 'mediaIds'],
      [{ mediaIds: [unready] }, 400, 'invalid-input', 'mediaIds'],
      [{ mediaIds: [image] }, 400, 'invalid-input', 'mediaIds'],
      [{ mediaIds: [] }, 400, 'invalid-input', 'mediaIds'],
      [{ mediaIds: [site.pdf.id, site.pdf.id] }, 400, 'invalid-input', 'mediaIds'],
      [{ coverMediaId: other.pdf.id }, 400, 'invalid-input', 'coverMediaId'],
      [{ slug: 'Not A Slug' }, 400, 'invalid-slug', 'slug'],
      [{ slug: taken.slug }, 409, 'slug-taken', 'slug'],
      [{ title: '' }, 400, 'invalid-input', 'title'],
      [{ extra: 1 }, 400, 'invalid-input'],
    ];
    for (const [body, status, code, field] of cases) {
      const answer = await site.creator.client.post<{ error: { code: string; field?: string } }>('/api/products', { title: 'Bad', slug: `bad-${++slugCounter}`, price: 500, currency: 'usd', mediaIds: [site.pdf.id], ...body });
      expect({ body, status: answer.status, code: answer.body.error?.code, field: answer.body.error?.field }).toEqual({ body, status, code, field });
    }
    const patched = await site.creator.patch<{ error: { code: string } }>(`/api/products/${taken.id}`, { price: 0.5 });
    expect(patched.status).toBe(400);
    const underStripe = await site.creator.patch<{ error: { code: string; field?: string } }>(`/api/products/${taken.id}`, { price: 49 });
    expect({ status: underStripe.status, field: underStripe.body.error.field }).toEqual({ status: 400, field: 'price' });
  });

  it('answers 404 for another creator\'s product in every path, and refuses another site\'s purchase in a link', async () => {
    const site = await productSite();
    const other = await productSite();
    const theirs = await makeProduct(other);
    for (const answer of [
      await site.creator.patch(`/api/products/${theirs.id}`, { price: 100 }),
      await site.creator.delete(`/api/products/${theirs.id}`),
      await site.creator.client.get(`/api/products/${theirs.id}/sales`),
      await site.creator.patch('/api/products/not-an-id', { price: 100 }),
    ]) {
      expect(answer.status).toBe(404);
    }
    // Their product's slug under this site's handle is no product here.
    expect((await checkout(site.creator.handle, theirs.slug, { email: uniqueEmail('x') })).status).toBe(404);
    expect((await createTestClient(server.url).get(`/@${site.creator.handle}/products/${theirs.slug}`)).status).toBe(404);
    // A purchase of their site, its links asked for on this site's address: refused.
    const { link } = await buySignedOut(other, theirs);
    const holder = createTestClient(server.url);
    const fileLink = fileLinks((await holder.get(pathOf(link))).text).get('guide.pdf')!;
    expect((await fetchFile(fileLink.replace(`/@${other.creator.handle}/`, `/@${site.creator.handle}/`), { client: holder })).status).toBe(403);
    expect((await createTestClient(server.url).get(pathOf(link).replace(`/@${other.creator.handle}/`, `/@${site.creator.handle}/`))).status).toBe(403);
    // Unchanged by the tries.
    expect((await other.creator.client.get<{ products: ProductView[] }>('/api/products')).body.products[0]).toMatchObject({ id: theirs.id, price: 1200, status: 'active' });
  });

  it('shows markup in the title and description as text on the page and in the receipt', async () => {
    const site = await productSite();
    const product = await makeProduct(site, { title: '<b>Bold</b> <script>alert(1)</script>', description: 'First <img src=x onerror=alert(1)>\n\nSecond & last' });
    const page = await createTestClient(server.url).get(`/@${site.creator.handle}/products/${product.slug}`);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(page.text).toContain('<p>First &lt;img src=x onerror=alert(1)&gt;</p><p>Second &amp; last</p>');
    const { email } = await buySignedOut(site, product);
    const receipt = await server.smtp.waitForMailAbout(email, 'download');
    expect(receipt.html).not.toContain('<script>alert(1)');
    expect(receipt.html).not.toContain('<b>Bold');
  });

  it('archives a product that sold (its buyers keep their files) and deletes one never sold', async () => {
    const site = await productSite();
    const sold = await makeProduct(site);
    const unsold = await makeProduct(site);
    const { link } = await buySignedOut(site, sold);
    const archived = await site.creator.delete<{ deleted: boolean; product?: ProductView }>(`/api/products/${sold.id}`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ deleted: false, product: { status: 'archived' } });
    expect((await createTestClient(server.url).get(`/@${site.creator.handle}/products/${sold.slug}`)).status).toBe(404);
    expect((await checkout(site.creator.handle, sold.slug, { email: uniqueEmail('late') })).status).toBe(404);
    const holder = createTestClient(server.url);
    const files = fileLinks((await holder.get(pathOf(link))).text);
    expect((await fetchFile(files.get('guide.pdf')!, { client: holder })).bytes.equals(site.pdf.bytes)).toBe(true);

    expect((await site.creator.delete<{ deleted: boolean }>(`/api/products/${unsold.id}`)).body).toEqual({ deleted: true });
    const left = await site.creator.client.get<{ products: ProductView[] }>('/api/products');
    expect(left.body.products.map((row) => row.id)).toEqual([sold.id]);
    expect(await db().select().from(productPurchases).where(eq(productPurchases.productId, sold.id))).toHaveLength(1);
  });

  it('archives rather than deletes a product whose Checkout is open, and its buyer still gets it on paying', async () => {
    const site = await productSite();
    const product = await makeProduct(site);
    const email = uniqueEmail('buyer');
    const opened = await checkout(site.creator.handle, product.slug, { email });
    expect(opened.status).toBe(200);
    const removed = await site.creator.delete<{ deleted: boolean; product?: ProductView }>(`/api/products/${product.id}`);
    expect(removed.body).toMatchObject({ deleted: false, product: { status: 'archived' } });
    await pay(opened.body.url!);
    const receipt = await server.smtp.waitForMailAbout(email, 'download');
    const link = receipt.links.find((candidate) => candidate.includes('/downloads?token='))!;
    const holder = createTestClient(server.url);
    const files = fileLinks((await holder.get(pathOf(link))).text);
    expect((await fetchFile(files.get('guide.pdf')!, { client: holder })).bytes.equals(site.pdf.bytes)).toBe(true);
    // Paid and given, it now deletes no more than any product that sold.
    expect((await site.creator.delete<{ deleted: boolean }>(`/api/products/${product.id}`)).body.deleted).toBe(false);
  });
});
