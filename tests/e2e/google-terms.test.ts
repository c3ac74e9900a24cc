/**
 * A first Google sign-in in Chromium, against the local OIDC server: the
 * browser leaves from the login screen, comes back to the terms step, and only
 * once the niche and the terms are given does the account exist and the
 * creator land on onboarding. From a creator's join page, the same trip makes
 * a member: only the terms are asked, and they come back to join in one click.
 */
import { eq } from 'drizzle-orm';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';

describe.skipIf(!chromiumAvailable)('a first Google sign-in in Chromium', () => {
  const oidc = new OAuth2Server();
  // Filled in before the app starts: its hooks run after this one.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    Object.assign(env, { GOOGLE_CLIENT_ID: 'creator-platform-e2e', GOOGLE_CLIENT_SECRET: 'e2e-secret', GOOGLE_ISSUER_URL: oidc.issuer.url! });
  });
  const app = useE2eApp({ env });
  afterAll(async () => {
    await oidc.stop();
  });

  it('asks for the niche and the terms before the account is made, then lands on onboarding', async () => {
    const email = uniqueEmail('e2e.google');
    const claims = { sub: `e2e-${Date.now()}`, email, email_verified: true, name: 'Ella Fitzgerald' };
    // The ID token (the one with an audience) carries the claims; the access token is signed first, without one.
    oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
      if (token.payload.aud !== undefined) Object.assign(token.payload, claims);
    });

    const { page, errors } = await app.open();
    await gotoApp(page, `${app.server.url}/login`);
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await page.waitForURL('**/signup/google');
    await page.getByText(`Signing up with Google as ${email}.`).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
    expect(await app.server.handle.db.$count(users, eq(users.email, email))).toBe(0);

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please select your niche.').waitFor();
    await page.getByText('You must agree to the Terms and Privacy Policy to create an account.').waitFor();
    expect(await app.server.handle.db.$count(users, eq(users.email, email))).toBe(0);

    await page.getByLabel(/niche/i).selectOption('music');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/onboarding');

    const [row] = await app.server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ fullName: 'Ella Fitzgerald', niche: 'music', emailVerified: true, agreeToTerms: true, termsVersion: '2025-06-30' });
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(errors).toEqual([]);
  });
  it('from a join page, asks only the terms, makes a member and brings them back to join in one click', async () => {
    const db = app.server.handle.db;
    const owner = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Tide Tables' });
    const email = uniqueEmail('e2e.google.member');
    const claims = { sub: `e2e-member-${Date.now()}`, email, email_verified: true, name: 'Nell Reader' };
    oidc.service.removeAllListeners('beforeTokenSigning');
    oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
      if (token.payload.aud !== undefined) Object.assign(token.payload, claims);
    });

    const { page, errors } = await app.open();
    await page.goto(`${app.server.url}/@${site.handle}/join?tier=${freeTier.id}&cadence=month`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/signup/google');
    await page.getByText(`Signing up with Google as ${email} to join Tide Tables.`).waitFor();
    expect(await page.getByLabel(/niche/i).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Up and join' }).click();
    await page.getByText('You must agree to the Terms and Privacy Policy to create an account.').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up and join' }).click();

    await page.waitForURL(`**/@${site.handle}/join?tier=${freeTier.id}&cadence=month`);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'member', niche: '', emailVerified: true });
    await page.getByRole('button', { name: 'Join for free' }).click();
    await page.waitForURL(`**/@${site.handle}?joined=1`);
    expect(await db.$count(memberships, eq(memberships.userId, row!.id))).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
