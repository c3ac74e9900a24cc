/**
 * Issue 27, item 3, in Chromium: a domain claim that never proves its name
 * expires after 7 days, and /domain says so in plain words until the records
 * are found; once the domain is live the sentence is gone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainView } from '../../common/domains.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable, launchChromium, openPage } from '../support/browser.ts';
import { creatorWithSite, sendJson } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { CLIENT_DIR, unexpectedErrors } from '../support/e2e-app.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const DOMAIN = 'fans.brand.test';

describe.skipIf(!chromiumAvailable)('a domain claim that never proves (Chromium)', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer({ clientDir: CLIENT_DIR, env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dns?.close();
  });

  it('says on /domain when the claim expires, until the records are found', async () => {
    const creator = await creatorWithSite(server);
    const claimed = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', '/api/domains', { hostname: DOMAIN });
    const expires = new Date(claimed.body.domain.expiresAt!);

    const { page, errors } = await openPage(browser, { width: 375, height: 900 });
    const [name, value] = [...creator.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: server.url }]);
    await page.goto(`${server.url}/domain`);
    const notice = page.getByText(/^This claim expires on .* unless the records are found\./);
    await notice.waitFor();
    // The date as this browser writes it, whatever its locale: the claim's own day, 7 days on.
    const day = await page.evaluate((iso) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' }), expires.toISOString());
    expect(await notice.textContent()).toContain(`expires on ${day} unless`);
    await expectAccessible(page);

    dns.set(`_creator-platform.${DOMAIN}`, [{ type: 'TXT', data: claimed.body.domain.records[0]!.value }]);
    dns.set(DOMAIN, [{ type: 'CNAME', domain: TARGET }]);
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('Your site is live at').waitFor();
    expect(await page.getByText(/This claim expires on/).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
