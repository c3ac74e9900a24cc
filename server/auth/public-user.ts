/** What the API says about a user: the profile, never the hash or internal flags. */
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
    role: user.role,
    accountTier: user.accountTier,
    niche: user.niche,
    hasCompletedSetup: user.hasCompletedSetup,
    onboardingStep: user.onboardingStep,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin.toISOString(),
  };
}
