/**
 * The site's gift pages in Chromium (docs/decisions/165): the gift form at 320 and 1280 px (each tier's prices, the
 * fields, "Buy gift"), and the redeem page of a gift with markup in its message, shown as text: no horizontal scroll,
 * no serious axe violation, no console error. Screenshots in /tmp/shots-gifts/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gifts, sales } from '../../db/earn-schema.ts';
import { generateSecretToken, hashToken } from '../../server/auth/index.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import { pageChecks } from '../support/e2e-earn.ts';
import { insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';

const SHOTS = '/tmp/shots-gifts';
const TITLE = 'Harbour Sounds and Other Night Recordings';

describe.skipIf(!chromiumAvailable)('the gift pages in Chromium', () => {
  const app = useE2eApp();
  let handle = '';
  const code = generateSecretToken();

  beforeAll(async () => {
    const db = app.server.handle.db;
    const owner = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, owner.email), { title: TITLE, brandColor: '#0f766e' });
    handle = site.handle;
    const tier = await insertTier(db, site.id, { name: 'Night Owls with a rather long tier name' });
    await insertTier(db, site.id, { name: 'Patron', monthlyPrice: 1500, yearlyPrice: 15000 });
    // A paid gift as the sales room and the gift fulfiller leave it (the payment itself is the integration test's).
    const [sale] = await db.insert(sales).values({ siteId: site.id, kind: 'gift', status: 'paid', amount: 1500, currency: 'usd', buyerEmail: 'buyer@example.com', paidAt: new Date() }).returning();
    await db.insert(gifts).values({ siteId: site.id, saleId: sale!.id, tierId: tier.id, months: 3, status: 'sent', message: '<script>alert(1)</script> Happy birthday, <b>Sam</b>!', codeHash: hashToken(code), sentAt: new Date() });
  });

  const checkPage = pageChecks(SHOTS);

  for (const width of [320, 1280]) {
    it(`the gift form shows each tier's prices and its fields, at ${width} px`, async () => {
      const { page, errors } = await app.open({ width, height: 900 });
      await page.goto(`${app.server.url}/@${handle}/gift`);
      await page.getByRole('heading', { name: `Give ${TITLE}`, level: 1 }).waitFor();
      await expect.poll(() => page.getByText('3 months $15').count()).toBeGreaterThan(0);
      await page.getByRole('radio', { name: /Patron/ }).check();
      await page.getByLabel('How long').selectOption('12');
      await page.getByLabel('Their e-mail (optional)').fill('friend@example.com');
      await page.getByLabel('Message (optional)').fill('For you');
      await page.getByLabel('Your e-mail').fill('me@example.com');
      await checkPage(page, errors, `gift-form-${width}`);
      await page.context().close();
    });

    it(`the redeem page shows the gift with its message as text, at ${width} px`, async () => {
      const { page, errors } = await app.open({ width, height: 900 });
      await page.goto(`${app.server.url}/@${handle}/gift/redeem?code=${code}`);
      await page.getByRole('heading', { name: /A gift: 3 months of Night Owls/ }).waitFor();
      await page.getByText('<script>alert(1)</script> Happy birthday, <b>Sam</b>!').waitFor();
      expect(await page.locator('.gift__message b').count()).toBe(0);
      await page.getByRole('button', { name: 'Send me a link' }).waitFor();
      await checkPage(page, errors, `gift-redeem-${width}`);
      await page.context().close();
    });
  }
});
