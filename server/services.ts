/**
 * Builds every service from real parts handed in: the database, the mail
 * transport, the clock and the logger. Nothing here is global, so a test
 * builds as many independent instances as it likes.
 */
import type { PublicConfig } from '../common/api-types.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { createAccountService } from './auth/accounts.ts';
import type { AuthDeps } from './auth/deps.ts';
import { createEmailVerificationService } from './auth/email-verification.ts';
import { createGoogleSignIn } from './auth/google.ts';
import { createPasswordHasher } from './auth/password.ts';
import { createPasswordResetService } from './auth/password-reset.ts';
import { createRateLimiter } from './auth/rate-limit.ts';
import { createSessionService } from './auth/session.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { MailTransport } from './mail/transport.ts';
import { createMailWorker } from './mail/worker.ts';
import { createMaintenanceState } from './settings/maintenance.ts';

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
}

export function createServices({ config, database, transport, clock, logger }: ServiceDeps) {
  const { db } = database;
  const mailWorker = createMailWorker({ db, transport, clock, logger, intervalMs: config.mailWorkerIntervalMs });
  const sessions = createSessionService({ db, clock });
  const rateLimiter = createRateLimiter({ db, clock, limits: config.rateLimits });
  const passwords = createPasswordHasher();
  const authDeps: AuthDeps = {
    db,
    clock,
    sessions,
    passwords,
    rateLimiter,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    emailEnumerationProtection: config.emailEnumerationProtection,
    onMailQueued: () => mailWorker.nudge(),
  };
  const publicConfig: PublicConfig = {
    supportEmail: config.supportEmail,
    googleSignIn: config.google !== undefined,
    footerLinks: config.footerLinks,
  };
  return {
    database,
    publicConfig,
    sessions,
    passwords,
    rateLimiter,
    mailWorker,
    maintenance: createMaintenanceState({ database, pollMs: config.maintenancePollMs, logger }),
    accounts: createAccountService(authDeps),
    verification: createEmailVerificationService(authDeps),
    passwordReset: createPasswordResetService(authDeps),
    google: config.google ? createGoogleSignIn(config.google, authDeps) : undefined,
  };
}

export type Services = ReturnType<typeof createServices>;
