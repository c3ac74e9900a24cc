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
import { createLoginAttempts } from './auth/login-attempt.ts';
import { createPasswordHasher } from './auth/password.ts';
import { createPasswordResetService } from './auth/password-reset.ts';
import { createRateLimiter } from './auth/rate-limit.ts';
import { createSessionService } from './auth/session.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { MailTransport } from './mail/transport.ts';
import { createMailWorker } from './mail/worker.ts';
import { createJobs } from './jobs/index.ts';
import { createMedia } from './media/media-module.ts';
import { createMembersImport } from './members/members-import.ts';
import { createMembersService } from './members/members-service.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createPostsService } from './posts/posts-service.ts';
import { createMaintenanceState } from './settings/maintenance.ts';
import { createOverviewService } from './dashboard/overview.ts';
import { createOnboardingService } from './sites/onboarding.ts';
import { createSitesService } from './sites/sites-service.ts';

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
}

export function createServices({ config, database, transport, clock, logger }: ServiceDeps) {
  const { db } = database;
  const mailWorker = createMailWorker({
    database,
    transport,
    clock,
    logger,
    intervalMs: config.mailWorkerIntervalMs,
    leaseMs: config.mailLeaseMs,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
  });
  const sessions = createSessionService({ db, clock });
  const rateLimiter = createRateLimiter({ db, clock, limits: config.rateLimits });
  const passwords = createPasswordHasher();
  const authDeps: AuthDeps = {
    db,
    clock,
    sessions,
    passwords,
    rateLimiter,
    loginAttempts: createLoginAttempts({ db, clock, limits: config.rateLimits, sessions }),
    appUrl: config.appUrl,
    emailEnumerationProtection: config.emailEnumerationProtection,
  };
  const publicConfig: PublicConfig = {
    supportEmail: config.supportEmail,
    googleSignIn: config.google !== undefined,
    footerLinks: config.footerLinks,
  };
  const media = createMedia({ config, database, clock, logger });
  const sites = createSitesService({ db, clock, appUrl: config.appUrl, mediaUrlSigner: media.service.urlSigner });
  const posts = createPostsService({ db, clock });
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const members = createMembersService({ db, clock, logger, stripe });
  return {
    database,
    clock,
    publicConfig,
    media,
    sessions,
    passwords,
    rateLimiter,
    mailWorker,
    jobs: createJobs({ db, clock, logger, retention: config.retention, rateLimiter, posts, members, featureCleanups: { expiredUploads: media.deleteExpiredUploads } }),
    posts,
    maintenance: createMaintenanceState({ database, pollMs: config.maintenancePollMs, logger }),
    accounts: createAccountService(authDeps),
    verification: createEmailVerificationService(authDeps),
    passwordReset: createPasswordResetService(authDeps),
    google: config.google ? createGoogleSignIn(config.google, authDeps) : undefined,
    sites,
    onboarding: createOnboardingService({ db, sites }),
    members,
    membersImport: createMembersImport({ db, clock, stripe }),
    overview: createOverviewService({ db, clock, appUrl: config.appUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;
