/**
 * Issue 16's "Done when", in Chromium: a creator opens /domain, adds
 * fans.example.test and is shown the records; the test DNS server (dns2) gets
 * them; "Check now" turns the domain live; a visitor opens
 * https://fans.example.test through Caddy (on-demand TLS from its internal CA,
 * reached with --host-resolver-rules), reads the site, signs up, joins, pays
 * through the Stripe-protocol server and reads the paid post on the domain.
 * Screenshots at 375 and 1280 px go to /tmp/shots-16/.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiers } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import type { DomainView } from '../../common/domains.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable, launchChromium, openPage } from '../support/browser.ts';
import { caddyAvailable, startCaddy, type RunningCaddy } from '../support/caddy.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { CLIENT_DIR, unexpectedErrors } from '../support/e2e-app.ts';
import { joinLinkFrom } from '../support/join-by-email.ts';
import { insertPost } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-16';
const DOMAIN = 'fans.example.test';
/** A second site's domain, for the sign-in journey (issue 27: the handoff bound to the browser). */
const READERS_DOMAIN = 'readers.example.test';
const TARGET = 'edge.platform.test';
const SECRET = 'The full set list, with the chords for the encore.';

describe.skipIf(!chromiumAvailable || !caddyAvailable)('a creator puts their site on their own domain, and a fan pays and reads there (Chromium, caddy)', () => {
  let stripe: StripeServer;
  let dns: TestDnsServer;
  let server: TestServer;
  let caddy: RunningCaddy;
  let browser: Browser;

  beforeAll(async () => {
    [stripe, dns] = await Promise.all([startStripeServer(), startDnsServer()]);
    server = await startTestServer({ clientDir: CLIENT_DIR, env: { ...stripe.env, DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET } });
    stripe.useApp(server.url);
    caddy = await startCaddy(Number(new URL(server.url).port));
    // The browser finds the domain where a real visitor's DNS would send it: the proxy.
    browser = await launchChromium([`--host-resolver-rules=MAP ${DOMAIN}:443 127.0.0.1:${caddy.httpsPort},MAP ${READERS_DOMAIN}:443 127.0.0.1:${caddy.httpsPort}`]);
  });

  afterAll(async () => {
    await browser?.close();
    await caddy?.stop();
    await server?.stop();
    await Promise.all([stripe?.close?.(), dns?.close()]);
  });

  async function shot(page: Page, name: string) {
    await screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true });
  }

  async function openAsCreator(creator: Creator, width: number) {
    const opened = await openPage(browser, { width, height: 900 });
    const [name, value] = [...creator.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: server.url }]);
    return opened;
  }

  it('goes from /domain to a paid post read at https://fans.example.test', async () => {
    const db = server.handle.db;
    const creator = await creatorWithSite(server, `fans-${process.pid}`);
    await db.insert(tiers).values({ siteId: creator.siteId, name: 'Free', type: 'free', position: 0 });
    await insertPost(db, creator.siteId, { slug: 'encore', title: 'The encore', visibility: 'paid', previewHtml: '<p>What we played after the lights came up.</p>', gatedHtml: `<p>${SECRET}</p>` });

    // Payments first, as the creator's studio asks: Stripe connected, a paid tier.
    const studio = await openAsCreator(creator, 1280);
    await studio.page.goto(`${server.url}/settings/advanced`);
    await studio.page.getByRole('button', { name: 'Connect Stripe' }).click();
    await studio.page.waitForURL(`${stripe.url}/hosted/onboarding/**`);
    await studio.page.getByRole('button', { name: 'Complete onboarding' }).click();
    await studio.page.getByText('Ready: your Stripe account takes payments').waitFor();
    await studio.page.getByRole('button', { name: 'Add a paid tier' }).click();
    await studio.page.getByLabel('Name').fill('Backstage');
    await studio.page.getByLabel('Monthly price').fill('5.00');
    await studio.page.getByLabel('Yearly price').fill('50.00');
    await studio.page.getByRole('button', { name: 'Save tier' }).click();
    await studio.page.getByText('$5 a month').first().waitFor();

    // /domain on a phone first: the empty state, then a name that is not a domain.
    const phone = await openAsCreator(creator, 375);
    await phone.page.goto(`${server.url}/domain`);
    await phone.page.getByLabel('Your domain').fill('localhost');
    await phone.page.getByRole('button', { name: 'Add domain' }).click();
    await phone.page.getByText('localhost only works on your own computer').waitFor();
    await expectAccessible(phone.page);
    await shot(phone.page, '1-domain-refused-375');

    // On the desktop: the domain, its records, and Check now before and after they are in DNS.
    await studio.page.goto(`${server.url}/domain`);
    await studio.page.getByLabel('Your domain').fill(DOMAIN);
    await studio.page.getByRole('button', { name: 'Add domain' }).click();
    await studio.page.getByText('Waiting for DNS').waitFor();
    await studio.page.getByText(`_creator-platform.${DOMAIN}`).waitFor();
    await studio.page.getByRole('button', { name: 'Check now' }).click();
    await studio.page.getByText('may still be propagating').waitFor();
    await expectAccessible(studio.page);
    await shot(studio.page, '2-domain-records-1280');

    const [row] = await db.select().from(domains).where(eq(domains.siteId, creator.siteId));
    dns.set(`_creator-platform.${DOMAIN}`, [{ type: 'TXT', data: row!.verificationToken }]);
    dns.set(DOMAIN, [{ type: 'CNAME', domain: TARGET }]);
    await studio.page.getByRole('button', { name: 'Check now' }).click();
    await studio.page.getByText('Your site is live at').waitFor();
    await shot(studio.page, '3-domain-live-1280');
    await phone.page.reload();
    await phone.page.getByText('Your site is live at').waitFor();
    await shot(phone.page, '4-domain-live-375');
    expect(unexpectedErrors(studio.errors, [400])).toEqual([]);

    // A fan on a phone: the site at the root of the domain, over HTTPS through the proxy.
    const fan = await openPage(browser, { width: 375, height: 800, ignoreHTTPSErrors: true });
    const { page } = fan;
    await page.goto(`https://${DOMAIN}/`);
    await page.getByRole('heading', { name: `The ${creator.handle} site` }).waitFor();
    await shot(page, '5-fan-home-375');
    await page.goto(`https://${DOMAIN}/posts/encore`);
    await page.getByRole('heading', { name: 'This post is for paying members' }).waitFor();
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`https://${DOMAIN}/posts/encore`);

    // The old address leads here.
    await page.goto(`${server.url}/@${creator.handle}/join`);
    expect(page.url()).toBe(`https://${DOMAIN}/join`);
    await page.getByRole('link', { name: 'Choose monthly' }).click();
    const email = uniqueEmail('fan');
    await page.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await shot(page, '6-fan-join-375');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${stripe.url}/hosted/checkout/**`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`https://${DOMAIN}/?joined=1`);
    await stripe.idle();

    // The join link from the mail is the domain's own, and signs the payer in there.
    const link = await joinLinkFrom(server.smtp, email);
    expect(new URL(link).host).toBe(DOMAIN);
    await page.goto(link);
    // The link's page waits for Continue (docs/decisions/152).
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.host === DOMAIN && url.search === '?joined=1');

    await page.goto(`https://${DOMAIN}/posts/encore`);
    await page.getByText(SECRET).waitFor();
    await shot(page, '7-fan-reads-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, '8-fan-reads-1280');
    expect(unexpectedErrors(fan.errors)).toEqual([]);
  });
  it('signs a reader in on the domain through the platform, asking first because they have not joined', async () => {
    const creator = await creatorWithSite(server, `readers-${process.pid}`);
    const added = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', '/api/domains', { hostname: READERS_DOMAIN });
    dns.set(`_creator-platform.${READERS_DOMAIN}`, [{ type: 'TXT', data: added.body.domain.records[0]!.value }]);
    dns.set(READERS_DOMAIN, [{ type: 'CNAME', domain: TARGET }]);
    const checked = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
    expect(checked.body.domain.status).toBe('active');
    const reader = await signUpVerified(server);

    const { page, errors } = await openPage(browser, { width: 375, height: 800, ignoreHTTPSErrors: true });
    await page.goto(`https://${READERS_DOMAIN}/`);
    // The domain's own sign-in by e-mail first (docs/decisions/152); a reader with a password takes its second way, the handoff.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.host === READERS_DOMAIN && url.pathname === '/sign-in');
    await page.getByRole('link', { name: 'Sign in with a password' }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/login');
    // The sign-in page is pre-rendered: the form is React's once it has hydrated (tests/support/browser.ts gotoApp).
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
    await page.getByLabel(/^email/i).fill(reader.email);
    await page.getByLabel(/^password/i).fill(reader.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Not a member of this site: the platform asks before it hands the sign-in over.
    await page.getByRole('heading', { name: `Sign in to The readers-${process.pid} site?` }).waitFor();
    await page.getByText(reader.email).waitFor();
    await expectAccessible(page);
    await shot(page, '9-handoff-question-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, '10-handoff-question-1280');
    await page.getByRole('button', { name: `Continue to The readers-${process.pid} site` }).click();

    // Back on the domain, signed in there with a session of that domain only.
    await page.waitForURL(`https://${READERS_DOMAIN}/`);
    await page.goto(`https://${READERS_DOMAIN}/account`);
    await page.getByRole('heading', { name: 'Your membership' }).waitFor();
    await shot(page, '11-handoff-account-1280');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
