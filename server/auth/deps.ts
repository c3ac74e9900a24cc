/** What every auth service is handed (STYLE.md: factories with their dependencies passed in). */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { LoginAttempts } from './login-attempt.ts';
import type { PasswordHasher } from './password.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { SessionService } from './session.ts';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  passwords: PasswordHasher;
  rateLimiter: RateLimiter;
  loginAttempts: LoginAttempts;
  appUrl: URL;
  emailEnumerationProtection: boolean;
}

export function appLink(appUrl: URL, pathname: string, params: Record<string, string> = {}): string {
  const url = new URL(pathname, appUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
