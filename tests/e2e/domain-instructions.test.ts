/**
 * /domain as a creator on the default install meets it (issue 29 item 9), in
 * Chromium at 375 and 1280 px: the page says first that a loopback APP_URL
 * reaches no one; a pasted URL is cut to its domain in the field; the records
 * read Type, Host ("@", "www"), Value and TTL, an apex gets an ALIAS (never a
 * CNAME at the root) with a note on what to do without one, and the provider
 * notes open from the keyboard. No serious axe finding, nothing wider than
 * the window. Screenshots go to /tmp/shots-domain/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-domain';
const TARGET = 'edge.platform.test';

describe.skipIf(!chromiumAvailable)('the /domain instructions in Chromium', () => {
  let dns: TestDnsServer;
  // Filled in before the app starts: its checks ask this DNS server, never the internet.
  const env: Record<string, string> = { DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '300' };
  beforeAll(async () => {
    dns = await startDnsServer();
    env.DNS_RESOLVER = dns.address;
  });
  const app = useE2eApp({ env });
  afterAll(async () => {
    await dns?.close();
  });

  async function openDomainPage(width: number) {
    const creator = await creatorWithSite(app.server);
    const opened = await app.open({ width, height: 900 });
    const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    await opened.page.goto(`${app.server.url}/domain`);
    return opened;
  }

  it('at 375 px: the loopback APP_URL first, a pasted URL cleaned to www., and its records with Host "www" and "@"', async () => {
    const { page, errors } = await openDomainPage(375);
    const origin = new URL(app.server.url).origin;
    await page.getByRole('note').filter({ hasText: `Custom domains need a public address: this server's APP_URL is ${origin}` }).waitFor();

    const field = page.getByLabel('Your domain');
    await field.fill('https://www.Harbour-Sounds.com/about?ref=x');
    expect(await field.inputValue()).toBe('www.harbour-sounds.com');
    await page.getByRole('status').filter({ hasText: 'We kept just the domain: www.harbour-sounds.com.' }).waitFor();
    await screenshot(page, `${SHOTS}/form-cleaned-375.png`, { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Waiting for DNS').waitFor();
    const records = page.locator('.domain-record');
    expect(await records.count()).toBe(3);
    const fieldsOf = async (index: number) => (await records.nth(index).locator('dd').allInnerTexts()).map((text) => text.replace(/\s*Copy$/, '').trim());
    expect(await fieldsOf(0)).toEqual(['TXT', '_creator-platform.www', expect.stringMatching(/^creator-platform-verify=/), 'Auto (or 3600)']);
    expect(await fieldsOf(1)).toEqual(['CNAME', 'www', TARGET, 'Auto (or 3600)']);
    expect(await fieldsOf(2)).toEqual(['ALIAS', '@', TARGET, 'Auto (or 3600)']);
    await records.nth(2).getByText('cannot have a CNAME record, so this is an ALIAS record').waitFor();
    await records.nth(1).getByText('Whole name: www.harbour-sounds.com').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, `${SHOTS}/records-www-375.png`, { fullPage: true });
    await expectAccessible(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('at 1280 px: a typed apex tidied on leaving the field, an ALIAS at "@", and the provider notes opened from the keyboard', async () => {
    const { page, errors } = await openDomainPage(1280);
    const field = page.getByLabel('Your domain');
    await field.pressSequentially('Harbour-Sounds.com/');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('harbour-sounds.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Waiting for DNS').waitFor();

    const records = page.locator('.domain-record');
    const apex = records.nth(1);
    expect(await apex.locator('dd').first().innerText()).toBe('ALIAS');
    expect(await apex.locator('dd').nth(1).innerText()).toMatch(/^@/);
    await apex.getByText('use www.harbour-sounds.com as your domain and have your provider forward harbour-sounds.com to it').waitFor();
    await apex.getByText('ask whoever runs this server to set DOMAIN_IPS').waitFor();
    expect(await page.getByText('CNAME', { exact: true }).count()).toBe(1);
    await page.getByText('Most DNS providers add harbour-sounds.com after what you type').waitFor();

    const providers = page.getByText('Where to add them at your DNS provider');
    await providers.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Set Proxy status to DNS only (grey cloud)').waitFor();
    await page.getByText('Enter the Host in Name; GoDaddy adds harbour-sounds.com itself.').waitFor();
    await screenshot(page, `${SHOTS}/records-apex-1280.png`, { fullPage: true });
    await expectAccessible(page);

    // A name that is not a domain is still refused in plain words, URL or not.
    await page.getByRole('button', { name: 'Remove domain' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await field.fill('https://localhost:3000/settings');
    expect(await field.inputValue()).toBe('localhost');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('localhost only works on your own computer').waitFor();
    await screenshot(page, `${SHOTS}/refused-1280.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
