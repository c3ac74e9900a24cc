/** What the API tells a user about their own account: the whole profile, never the password hash. */
import type { PublicUser } from '../../common/api-types.ts';
import type { UserRow } from './session.ts';

export function toPublicUser(user: UserRow): PublicUser {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    fullName: user.fullName,
    displayName: user.displayName,
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin.toISOString(),
    registered: user.registered.toISOString(),
    role: user.role,
    accountTier: user.accountTier,
    hasCompletedSetup: user.hasCompletedSetup,
    onboardingStep: user.onboardingStep,
    isVerified: user.isVerified,
    analyticsConsent: user.analyticsConsent,
    marketingEmailsOptIn: user.marketingEmailsOptIn,
    agreeToTerms: user.agreeToTerms,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    termsVersion: user.termsVersion,
    nsfw: user.nsfw,
    niche: user.niche,
    profileUrl: user.profileUrl,
    bannerUrl: user.bannerUrl,
    language: user.language,
    theme: user.theme,
    suspensionInfo: user.suspensionInfo,
    featureFlags: user.featureFlags,
    domainSetup: user.domainSetup,
    customDomain: user.customDomain,
    paymentProvider: user.paymentProvider,
    paymentCustomerId: user.paymentCustomerId,
    payoutStatus: user.payoutStatus,
    referralCode: user.referralCode,
    referredBy: user.referredBy,
    socialLinks: user.socialLinks,
    hasPassword: user.passwordHash !== null,
  };
}
