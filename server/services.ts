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
import { createMemberIdentityService } from './auth/member-identity.ts';
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
import { createMemberAccountService } from './member-account/member-account-service.ts';
import { createMembersImport } from './members/members-import.ts';
import { createMembersService } from './members/members-service.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createPlatformPlanService } from './platform-plan/platform-plan-service.ts';
import { platformPlanWebhookHandlers } from './platform-plan/plan-webhooks.ts';
import { createLivePosts } from './posts/live.ts';
import { createPostsService } from './posts/posts-service.ts';
import { createMaintenanceState } from './settings/maintenance.ts';
import { createOverviewService } from './dashboard/overview.ts';
import { createPaymentAccountsService } from './payments/payment-accounts.ts';
import type { WebhookHandlers } from './payments/webhook-handlers.ts';
import { createWebhookService } from './payments/webhook-service.ts';
import { createOnboardingService } from './sites/onboarding.ts';
import { createSiteChanges } from './sites/site-changes.ts';
import { createSitesService } from './sites/sites-service.ts';
import { createPageCache } from './public-site/page-cache.ts';
import { createPageViewCounter } from './public-site/page-views.ts';
import { createCheckout } from './memberships/checkout.ts';
import { membershipWebhookHandlers } from './memberships/membership-webhooks.ts';
import { createSubscriptionSync } from './memberships/subscription-sync.ts';
import { createTiersService } from './tiers/tiers-service.ts';

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
    uploadMaxBytes: config.media.uploadMaxBytes,
  };
  const media = createMedia({ config, database, clock, logger });
  // Every feature that changes what a site's readers see tells siteChanges; the anonymous page cache listens.
  const siteChanges = createSiteChanges({ database, logger });
  const { siteChanged } = siteChanges;
  const pageCache = createPageCache({ clock });
  siteChanges.subscribe(pageCache.invalidate);
  const stripe = config.stripe ? { client: createStripeClient(config.stripe), config: config.stripe } : undefined;
  const platformPlan = createPlatformPlanService({ db, clock, plan: config.platformPlan, stripe: stripe?.client, appUrl: config.appUrl });
  const sites = createSitesService({ db, clock, appUrl: config.appUrl, mediaUrlSigner: media.service.urlSigner, startTrial: platformPlan.startTrial, siteChanged });
  const posts = createPostsService({ db, clock, publishing: platformPlan, siteChanged });
  // Readers see what the publish job would publish: a post the plan holds is not live (docs/decisions/057, 061).
  const livePosts = createLivePosts(platformPlan.heldPosts);
  const paymentAccounts = createPaymentAccountsService({ db, stripe: stripe?.client, appUrl: config.appUrl, clock, logger, siteChanged });
  const { paymentsReady } = paymentAccounts;
  // Each feature that reacts to Stripe events adds its handlers here (docs/decisions/050).
  const webhookHandlers: WebhookHandlers = {
    platform: stripe ? platformPlanWebhookHandlers({ stripe: stripe.client, clock, siteChanged }) : {},
    connect: {
      ...paymentAccounts.webhookHandlers.connect,
      ...(stripe ? membershipWebhookHandlers(createSubscriptionSync({ stripe: stripe.client, clock })) : {}),
    },
  };
  const members = createMembersService({ db, clock, logger, stripe: stripe?.client });
  const webhooks = createWebhookService({ db, stripe, handlers: webhookHandlers, logger, clock });
  return {
    database,
    clock,
    publicConfig,
    media,
    sessions,
    passwords,
    rateLimiter,
    mailWorker,
    jobs: createJobs({ db, clock, logger, retention: config.retention, rateLimiter, posts, members, featureCleanups: { expiredUploads: media.deleteExpiredUploads, stripeEvents: webhooks.forgetOldEvents } }),
    posts,
    livePosts,
    maintenance: createMaintenanceState({ database, pollMs: config.maintenancePollMs, logger }),
    accounts: createAccountService(authDeps),
    verification: createEmailVerificationService(authDeps),
    passwordReset: createPasswordResetService(authDeps),
    google: config.google ? createGoogleSignIn(config.google, authDeps) : undefined,
    memberIdentity: createMemberIdentityService({ db }),
    sites,
    onboarding: createOnboardingService({ db, sites }),
    overview: createOverviewService({ db, clock, appUrl: config.appUrl, paymentsReady, livePosts }),
    platformPlan,
    paymentAccounts,
    webhooks,
    tiers: createTiersService({ db, stripe: stripe?.client, paymentsReady, siteChanged }),
    siteChanges,
    pageCache,
    pageViews: createPageViewCounter({ db, clock, logger }),
    startCheckout: createCheckout({ db, stripe: stripe?.client, paymentsReady, appUrl: config.appUrl }),
    members,
    membersImport: createMembersImport({ db, clock, stripe: stripe?.client }),
    memberAccounts: createMemberAccountService({ db, clock, appUrl: config.appUrl, stripe: stripe?.client }),
  };
}

export type Services = ReturnType<typeof createServices>;
