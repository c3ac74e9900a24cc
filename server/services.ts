/**
 * Builds every service from real parts handed in: the database, the mail
 * transport, the clock and the logger. Nothing here is global, so a test
 * builds as many independent instances as it likes.
 */
import type { PublicConfig } from '../common/api-types.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { createAccountChangesService, createAccountService, createEmailVerificationService, createGoogleSignIn, createLinkSignIn, createLoginAttempts, createMemberIdentityService, createPasswordHasher, createPasswordResetService, createSessionService, type AuthDeps } from './auth/index.ts';
import { createAccountDeletionService } from './account-deletion/index.ts';
import { createRateLimiter } from './rate-limits/index.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config/index.ts';
import type { Logger } from './logger.ts';
import type { SecretBox } from './secrets/index.ts';
import { createMailWorker, type MailTransport } from './mail/index.ts';
import { createMailTemplates } from './mail-templates.ts';
import { createJobs } from './jobs/index.ts';
import { createMedia, mediaQueues } from './media/index.ts';
import { createMemberAccountService } from './member-account/index.ts';
import { createCommentsService, createMessageEvents, createMessageNotices, createMessagesService } from './messaging/index.ts';
import { createMembersImport, createMembersService, endExpiredCompsJob } from './members/index.ts';
import { combineWebhookHandlers, createPaymentAccountsService, createStripeClient, createWebhookService, type WebhookHandlers } from './payments/index.ts';
import { createPlatformPlanService, platformPlanWebhookHandlers } from './platform-plan/index.ts';
import { createLivePosts, createPostsService, publishScheduledJob } from './posts/index.ts';
import { createMaintenanceState } from './settings/index.ts';
import { createOverviewService } from './dashboard/index.ts';
import { createEmail, emailQueues } from './newsletters/index.ts';
import { noteNewMember, noteSale } from './member-notices/index.ts';
import { createJobQueue } from './queue/index.ts';
import { createOnboardingService, createSiteChanges, createSitesService, findSiteByHandle } from './sites/index.ts';
import { createPageCache, createPageViewCounter } from './public-site/index.ts';
import { createActivityService, createReportsService, createRollUp, createVisitorSalts, recordActivity, rollUpJob } from './reports/index.ts';
import { createCheckout, createSubscriptionSync, membershipWebhookHandlers, payingMembersOf } from './memberships/index.ts';
import { createTiersService } from './tiers/index.ts';
import { createSalesService } from './sales/index.ts';
import { createTipsService } from './tips/index.ts';
import { createProductDownloads, createProductFulfiller, createProductsService, createProductStore } from './products/index.ts';
import { createGiftFulfiller, createGiftsService, giftMailsJob } from './gifts/index.ts';
import { createOfferCheckout, createOffersService, offerWebhookHandlers } from './offers/index.ts';
import { createDnsChecker, createDomainDirectory, createDomainsService, DOMAIN_CHECK_JOB, domainQueues, type DomainCheckJobData } from './domains/index.ts';
import { createDesignService } from './design/index.ts';
import { createPublishedDesigns } from './site-content/index.ts';
import { createOperatorService } from './admin/index.ts';
import { createBackupService } from './backups/index.ts';
import { createSupportService } from './support/index.ts';
import { createExports, exportQueues } from './exports/index.ts';
import { createImports, importsQueues } from './imports/index.ts';
import { createAddressGuard } from './address-guard/index.ts';
import { IMPORT_MAX_FILE_BYTES } from '../common/api/imports.ts';

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  /** Seals what is kept for later use (a creator's Stripe key) with APP_SECRET's key (server/secrets/). */
  secretBox: SecretBox;
}

export function createServices({ config, database, transport, clock, logger, secretBox }: ServiceDeps) {
  const { db } = database;
  const mailWorker = createMailWorker({
    database,
    transport,
    clock,
    logger,
    intervalMs: config.mailWorkerIntervalMs,
    leaseMs: config.mailLeaseMs,
    appUrl: config.appUrl,
    linkOrigins: config.allowedOrigins,
    templates: createMailTemplates(db, config),
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
  // One job queue (one pg-boss, one set of connections) for every feature's jobs.
  const queue = createJobQueue({
    database,
    logger,
    queues: [...mediaQueues(config.media), ...emailQueues(config), ...domainQueues, ...exportQueues, ...importsQueues({ heartbeatSeconds: config.media.jobHeartbeatSeconds })],
    superviseIntervalSeconds: config.media.queueSuperviseSeconds,
  });
  const media = createMedia({ config, database, clock, logger, queue });
  // Every feature that changes what a site's readers see tells siteChanges; the anonymous page cache listens.
  const siteChanges = createSiteChanges({ database, logger });
  // One salt a day for every server, passed around by NOTIFY and never stored (docs/decisions/100).
  const visitorSalts = createVisitorSalts({ database, clock, logger });
  const { siteChanged } = siteChanges;
  const pageCache = createPageCache({ clock });
  siteChanges.subscribe(pageCache.invalidate);
  const publishedDesigns = createPublishedDesigns({ db, clock });
  siteChanges.subscribe(publishedDesigns.invalidate);
  const stripe = config.stripe ? { client: createStripeClient(config.stripe), config: config.stripe } : undefined;
  const platformPlan = createPlatformPlanService({ db, clock, plan: config.platformPlan, stripe: stripe?.client, appUrl: config.appUrl });
  const sites = createSitesService({ db, clock, appUrl: config.appUrl, mediaUrlSigner: media.service.urlSigner, startTrial: platformPlan.startTrial, siteChanged });
  // E-mail to members starts with a post's publication, in its transaction (server/newsletters).
  const email = createEmail({ config, database, clock, logger, transport, mediaUrlSigner: media.service.urlSigner, queue, recordActivity, rateLimiter });
  const posts = createPostsService({ db, clock, publishing: platformPlan, siteChanged, recordActivity, mail: email.service });
  // Readers see what the publish job would publish: a post the plan holds is not live (docs/decisions/057, 061).
  const livePosts = createLivePosts(platformPlan.heldPosts);
  const paymentAccounts = createPaymentAccountsService({
    db,
    stripe: stripe?.client,
    stripeApiUrl: config.stripeApiUrl,
    secretBox,
    // A creator's own endpoint subscribes to what the handlers below act on (read when a key is saved, after they are made).
    webhookEvents: () => Object.keys(webhookHandlers.connect),
    appUrl: config.appUrl,
    clock,
    logger,
    siteChanged,
    payingMembers: (siteId, executor) => payingMembersOf(executor, [siteId]),
  });
  const { paymentsReady, stripeForSite, stripeForAccount } = paymentAccounts;
  // The ledger of one-time payments (docs/decisions/163): each kind (gift, tip, product) hands in its fulfiller.
  const sales = createSalesService({ db, clock, appUrl: config.appUrl, paymentsReady, stripeForAccount, keyRefused: paymentAccounts.markKeyRefused, recordActivity, noteSale, fulfillers: { gift: createGiftFulfiller({ clock, logger }), product: createProductFulfiller({ clock, logger }) } });
  const tips = createTipsService({ db, sales, paymentsReady, rateLimiter, appUrl: config.appUrl });
  const gifts = createGiftsService({ db, clock, appUrl: config.appUrl, recordActivity, startPaymentCheckout: sales.startPaymentCheckout, paymentsReady, rateLimiter });
  // Each feature that reacts to Stripe events adds its handlers here (docs/decisions/050). A creator's own
  // account's events run the `connect` handlers too, so they exist without the platform's key (docs/decisions/144).
  const webhookHandlers: WebhookHandlers = {
    platform: stripe ? platformPlanWebhookHandlers({ stripe: stripe.client, clock, siteChanged }) : {},
    connect: combineWebhookHandlers(paymentAccounts.webhookHandlers.connect, membershipWebhookHandlers(createSubscriptionSync({ stripeForAccount, clock, noteNewMember })), offerWebhookHandlers({ clock, recordActivity }), sales.webhookHandlers),
  };
  // The Host lookup follows every site change (a domain's too), on every server.
  const domainDirectory = createDomainDirectory({ db, platformHost: config.appUrl.hostname });
  siteChanges.subscribe((siteId) => domainDirectory.siteChanged(siteId));
  const dns = createDnsChecker({ server: config.domains.resolver, cnameTarget: config.domains.cnameTarget, ips: config.domains.ips, timeoutMs: config.domains.timeoutMs });
  const domains = createDomainsService({ db, clock, logger, dns, appUrl: config.appUrl, apexAddresses: config.domains.ips.length > 0, queue: media.queue, siteChanged, refresh: (siteId) => domainDirectory.refresh(siteId) });
  void media.queue.work<DomainCheckJobData>(DOMAIN_CHECK_JOB, (job) => domains.runScheduledCheck(job.data));
  const members = createMembersService({ db, clock, logger, stripeForSite });
  const startCheckout = createCheckout({ db, paymentsReady, keyRefused: paymentAccounts.markKeyRefused, appUrl: config.appUrl });
  const webhooks = createWebhookService({ db, stripe, siteWebhookSecret: paymentAccounts.siteWebhookSecret, keyRefused: paymentAccounts.markKeyRefused, handlers: webhookHandlers, logger, clock });
  const reportsRollUp = createRollUp({ db, clock });
  const messages = createMessagesService({ db, clock, rateLimiter, limits: config.messaging, signer: media.service.urlSigner });
  const comments = createCommentsService({ db, clock, livePosts, rateLimiter, limits: config.messaging, siteChanged, recordActivity });
  const messageNotices = createMessageNotices({ db, clock, delaySeconds: config.messaging.noticeDelaySeconds });
  const accountChanges = createAccountChangesService(authDeps);
  // The site export: made in the queue, kept a week (the clean-up below forgets older ones).
  // Imports: files fetched through the one address guard into the media library; the run on the same queue (server/imports/).
  const addressGuard = createAddressGuard({ allowPrivateAddresses: config.imports.allowPrivateAddresses });
  const imports = createImports({
    db,
    clock,
    logger,
    storage: media.storage,
    queue: media.queue,
    dataDir: config.dataDir,
    maxFileBytes: IMPORT_MAX_FILE_BYTES,
    siteChanged,
    rateLimiter,
    dryRunsPerHour: config.rateLimits.importDryRunsPerHour,
    stripeForSite: paymentAccounts.stripeForSite,
    paymentsReady,
    fetchToFile: (url, destPath, options) => addressGuard.fetchToFile(url, destPath, options),
    checkAddress: (url, options) => addressGuard.checkAddress(url, options),
    fetchTimeoutMs: config.imports.fetchTimeoutMs,
    importFile: media.importFile,
  });
  const siteExports = createExports({ db, clock, logger, queue: media.queue, storage: media.storage, secretBox, dataDir: config.dataDir });
  return {
    database,
    clock,
    publicConfig,
    media,
    sessions,
    passwords,
    rateLimiter,
    mailWorker,
    jobs: createJobs({ db, clock, logger, retention: config.retention, rateLimiter, featureCleanups: { expiredUploads: media.deleteExpiredUploads, stripeEvents: webhooks.forgetOldEvents, emailRateSlots: email.forgetOldRateSlots, memberNotices: () => email.memberNotices.forgetOld(), expiredDomainClaims: () => domains.forgetExpiredClaims(), oldExports: () => siteExports.deleteOld(), oldImportUploads: () => imports.forgetOldUploads() }, featureJobs: [publishScheduledJob(posts), endExpiredCompsJob(members), rollUpJob(reportsRollUp), giftMailsJob(gifts.mailRuns), ...messageNotices.jobs(), ...email.jobs] }),
    posts,
    email,
    livePosts,
    maintenance: createMaintenanceState({ database, pollMs: config.maintenancePollMs, logger }),
    accounts: createAccountService(authDeps),
    accountChanges,
    accountDeletion: createAccountDeletionService({ db, clock, logger, accountChanges, rateLimiter, stripeForSite, storage: media.storage, siteChanged, stripeEndpoints: paymentAccounts.endpointsRemoval }),
    verification: createEmailVerificationService(authDeps),
    links: createLinkSignIn(authDeps),
    passwordReset: createPasswordResetService(authDeps),
    google: config.google ? createGoogleSignIn(config.google, authDeps, (handle) => findSiteByHandle(db, handle)) : undefined,
    memberIdentity: createMemberIdentityService({ db }),
    sites,
    onboarding: createOnboardingService({ db, sites }),
    overview: createOverviewService({ db, clock, appUrl: config.appUrl, paymentsReady, livePosts }),
    platformPlan,
    paymentAccounts,
    webhooks,
    tiers: createTiersService({ db, paymentsReady, siteChanged }),
    siteChanges,
    pageCache,
    publishedDesigns,
    designs: createDesignService({ db, siteChanged }),
    visitorSalts,
    pageViews: createPageViewCounter({ db, clock, logger, salts: visitorSalts }),
    sales,
    tips,
    gifts,
    products: createProductsService({ db, clock, appUrl: config.appUrl, siteChanged }),
    productStore: createProductStore({ db, startPaymentCheckout: sales.startPaymentCheckout, paymentsReady, rateLimiter }),
    productDownloads: createProductDownloads({ db, clock }),
    startCheckout,
    offers: createOffersService({ db, clock, appUrl: config.appUrl, paymentsReady }),
    offerCheckout: createOfferCheckout({ db, clock, startCheckout, paymentsReady }),
    members,
    domains,
    domainDirectory,
    membersImport: createMembersImport({ db, clock, stripeForSite }),
    messages,
    comments,
    messageNotices,
    messageEvents: createMessageEvents({ database, source: messages.events, logger, streamsPerUser: config.messaging.streamsPerUser }),
    memberAccounts: createMemberAccountService({ db, clock, appUrl: config.appUrl, stripeForSite }),
    reportsRollUp,
    reports: createReportsService({ db }),
    activity: createActivityService({ db }),
    siteExports,
    imports,
    support: createSupportService({ db, clock, rateLimiter, supportEmail: config.supportEmail }),
    operator: createOperatorService({ db, clock, siteChanged, refresh: (siteId) => domainDirectory.refresh(siteId), backups: createBackupService({ config, database, clock, logger }) }),
  };
}

export type Services = ReturnType<typeof createServices>;
