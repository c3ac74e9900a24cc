/** The profile a new account starts with (SPEC.md section 3); the table's defaults supply the rest. */
import { DEFAULT_LANGUAGE, DEFAULT_ROLE, DEFAULT_TIER, TERMS_VERSION, USERNAME_LENGTH } from '../../common/constants.ts';
import type { users } from '../../db/schema.ts';
import type { Role } from '../../common/roles.ts';
import { generateUserId } from './tokens.ts';

export interface NewUserFields {
  email: string;
  fullName: string;
  niche: string;
  passwordHash: string | null;
  emailVerified: boolean;
  now: Date;
  /** A fan who signs up on a creator's join page is a `member`; /signup makes creators. */
  role?: Role;
}

/** Every account is made by someone who has just accepted the current terms (SPEC.md "Signup"). */
export function buildNewUser({ email, fullName, niche, passwordHash, emailVerified, now, role = DEFAULT_ROLE }: NewUserFields): typeof users.$inferInsert {
  const id = generateUserId();
  const name = fullName.trim();
  return {
    id,
    email: email.toLowerCase(),
    emailVerified,
    isVerified: emailVerified,
    passwordHash,
    fullName: name,
    displayName: name.split(/\s+/)[0] ?? name,
    username: id.slice(0, USERNAME_LENGTH),
    niche,
    role,
    accountTier: DEFAULT_TIER,
    language: DEFAULT_LANGUAGE,
    createdAt: now,
    lastLogin: now,
    registered: now,
    agreeToTerms: true,
    termsAcceptedAt: now,
    termsVersion: TERMS_VERSION,
  };
}
