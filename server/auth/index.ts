/** What other rooms use of server/auth/ (docs/architecture.md): its public surface. */
export { createAccountService, type AccountService } from './accounts.ts';
export { recordAuthEvent } from './audit.ts';
export { createAuthFeature } from './auth-feature.ts';
export { signIn } from './auth-routes.ts';
export type { AuthDeps } from './deps.ts';
export { createEmailVerificationService, verifyEmailTemplate } from './email-verification.ts';
export { createGoogleSignIn } from './google.ts';
export { loadSession, sessionScopeOf, type AuthLocals } from './load-session.ts';
export { createLoginAttempts } from './login-attempt.ts';
export { createMemberIdentityService } from './member-identity.ts';
export { buildNewUser } from './new-user.ts';
export { createPasswordResetService, passwordMailTemplates } from './password-reset.ts';
export { createPasswordHasher } from './password.ts';
export { toPublicUser } from './public-user.ts';
export { requireRole, requireUser, requireVerifiedCreator } from './require-user.ts';
export { createSessionCookie, type SessionCookie } from './session-cookie.ts';
export { createSessionService, type SessionService, type UserRow } from './session.ts';
export { generateSecretToken, hashToken } from './tokens.ts';
