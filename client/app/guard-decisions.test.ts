import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { decideAppScreen, decideGuestOnly, decideSignedIn, decideVerifiedCreator } from './guard-decisions.ts';

function userWith(emailVerified: boolean, role: PublicUser['role'] = 'creator', isAdmin = false): PublicUser {
  return {
    uid: 'abcdefghijklmnopqrstuv',
    email: 'ada@example.com',
    emailVerified,
    fullName: 'Ada Lovelace',
    displayName: 'Ada',
    username: 'abcdef',
    role,
    isAdmin,
    accountTier: 'free',
    niche: 'art',
    hasCompletedSetup: false,
    onboardingStep: 0,
    hasPassword: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: '2025-01-01T00:00:00.000Z',
    registered: '2025-01-01T00:00:00.000Z',
    isVerified: emailVerified,
    analyticsConsent: false,
    marketingEmailsOptIn: false,
    agreeToTerms: true,
    termsAcceptedAt: '2025-01-01T00:00:00.000Z',
    termsVersion: '2025-06-30',
    nsfw: false,
    profileUrl: 'default',
    bannerUrl: 'default',
    language: 'en',
    theme: 'default',
    suspensionInfo: { suspended: false, suspensionReason: '' },
    featureFlags: {},
    domainSetup: {},
    customDomain: '',
    paymentProvider: '',
    paymentCustomerId: '',
    payoutStatus: '',
    referralCode: '',
    referredBy: '',
    socialLinks: {},
  };
}

const verified = userWith(true);
const unverified = userWith(false);
const member = userWith(true, 'member');
const unverifiedMember = userWith(false, 'member');

describe('guards', () => {
  it('render nothing while auth is loading', () => {
    for (const decide of [decideGuestOnly, decideSignedIn, decideVerifiedCreator]) {
      expect(decide(undefined, '/onboarding')).toEqual({ action: 'wait' });
    }
  });

  it('send a verified user from /login and /signup to /onboarding', () => {
    expect(decideGuestOnly(verified)).toEqual({ action: 'redirect', to: '/onboarding' });
    expect(decideGuestOnly(unverified)).toEqual({ action: 'render' });
    expect(decideGuestOnly(null)).toEqual({ action: 'render' });
  });

  it('send a signed-out user from /verify-email to /login', () => {
    expect(decideSignedIn(null)).toEqual({ action: 'redirect', to: '/login' });
    expect(decideSignedIn(unverified)).toEqual({ action: 'render' });
  });

  it('let only verified users into the creator area', () => {
    expect(decideVerifiedCreator(null, '/dashboard/overview')).toEqual({ action: 'redirect', to: '/login' });
    expect(decideVerifiedCreator(unverified, '/dashboard/overview')).toEqual({ action: 'redirect', to: '/verify-email' });
    expect(decideVerifiedCreator(verified, '/dashboard/overview')).toEqual({ action: 'render' });
  });

  it('send a verified member from /login and /signup to where they belong, which only the server knows', () => {
    expect(decideGuestOnly(member)).toEqual({ action: 'land' });
    expect(decideGuestOnly(unverifiedMember)).toEqual({ action: 'render' });
  });

  it('open only the page that starts a site of their own to a member, and send them there from the rest of the creator area', () => {
    expect(decideVerifiedCreator(member, '/onboarding')).toEqual({ action: 'render' });
    expect(decideVerifiedCreator(member, '/Onboarding/')).toEqual({ action: 'render' });
    expect(decideVerifiedCreator(member, '/dashboard/overview')).toEqual({ action: 'redirect', to: '/onboarding' });
    expect(decideVerifiedCreator(member, '/subscribers')).toEqual({ action: 'redirect', to: '/onboarding' });
    expect(decideVerifiedCreator(unverifiedMember, '/onboarding')).toEqual({ action: 'redirect', to: '/verify-email' });
  });

  it('open the creator area to an admin whatever their role: roles combine', () => {
    expect(decideVerifiedCreator(userWith(true, 'member', true), '/admin')).toEqual({ action: 'render' });
    expect(decideVerifiedCreator(userWith(true, 'creator', true), '/dashboard/overview')).toEqual({ action: 'render' });
  });
});

describe('app start', () => {
  it('loads until maintenance and auth are both known', () => {
    expect(decideAppScreen(undefined, null)).toBe('loading');
    expect(decideAppScreen(false, undefined)).toBe('loading');
  });

  it('lets maintenance replace the app', () => {
    expect(decideAppScreen(true, null)).toBe('maintenance');
    expect(decideAppScreen(true, verified)).toBe('maintenance');
    expect(decideAppScreen(false, null)).toBe('app');
  });
});
