/**
 * The "New member e-mails" card of /settings/advanced in Chromium at 320,
 * 375 and 1280 px: it loads the creator's choices, changes them with the
 * keyboard alone, saves, and shows them again after a reload; no serious axe
 * finding, nothing wider than the window. Screenshots go to /tmp/shots-notices/.
 */
import { describe, expect, it } from 'vitest';
import type { MemberNoticeSettings } from '../../common/member-notices.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-notices';

describe.skipIf(!chromiumAvailable)('the settings of new member e-mails in Chromium', () => {
  const app = useE2eApp();

  for (const width of [320, 375, 1280]) {
    it(`are chosen with the keyboard and kept at ${width} px`, async () => {
      const creator = await creatorWithSite(app.server);
      const { page, errors } = await app.open({ width, height: 900 });
      const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
      await page.context().addCookies([{ name, value, url: app.server.url }]);
      await page.goto(`${app.server.url}/settings/advanced`);

      const card = page.getByRole('region', { name: 'New member e-mails' });
      const joins = card.getByRole('group', { name: 'E-mail me when someone joins' });
      const paying = card.getByRole('group', { name: 'E-mail me when a member starts paying or someone buys' });
      // A mail for each join, free or paid, until the creator chooses otherwise (issue 29).
      await expect.poll(() => joins.getByRole('radio', { name: 'Each time' }).isChecked()).toBe(true);
      expect(await paying.getByRole('radio', { name: 'Each time' }).isChecked()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `${SHOTS}/settings-${width}.png`, { fullPage: true });
      await expectAccessible(page);

      // Keyboard only: arrows move within a radio group, Tab leaves it.
      await joins.getByRole('radio', { name: 'Each time' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await paying.getByRole('radio', { name: 'Each time' }).focus();
      await page.keyboard.press('ArrowDown');
      await card.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => card.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
      await screenshot(page, `${SHOTS}/settings-saved-${width}.png`, { fullPage: true });
      const saved = await creator.client.get<MemberNoticeSettings>('/api/email/notices');
      expect(saved.body).toEqual({ newMember: 'off', newPayingMember: 'daily' });

      await page.reload();
      await expect.poll(() => joins.getByRole('radio', { name: 'Never' }).isChecked()).toBe(true);
      expect(await paying.getByRole('radio', { name: 'Once a day, all new paying members and sales together' }).isChecked()).toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});
