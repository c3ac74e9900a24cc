/**
 * The Express app over the services: the shared middleware, then the features
 * of one list (docs/decisions/024-feature-modules.md), in the order that keeps
 * the hot paths bare. The maintenance answer and the health check come before
 * logging, security headers and sessions; static assets skip the session lookup.
 */
import express, { type Express, type Request, type Response } from 'express';
import type { BootState } from '../common/api-types.ts';
import { createAdminFeature } from './admin/index.ts';
import { createAuthFeature, createSessionCookie, loadSession, sessionScopeOf, toPublicUser, type SessionCookie } from './auth/index.ts';
import type { Config } from './config/index.ts';
import type { Feature } from './feature.ts';
import { createDashboardFeature } from './dashboard/index.ts';
import { createDomainsFeature } from './domains/index.ts';
import { createDesignFeature } from './design/index.ts';
import { createReportsFeature } from './reports/index.ts';
import { createSupportFeature } from './support/index.ts';
import { createEmailFeature } from './newsletters/index.ts';
import { createHealthFeature } from './health/index.ts';
import { publicMediaRule } from './site-content/index.ts';
import { noteNewMember } from './member-notices/index.ts';
import { createPublicSiteFeature } from './public-site/index.ts';
import { paymentFormTargets } from './rendering/index.ts';
import { createMediaFeature } from './media/index.ts';
import { createMemberAccountFeature } from './member-account/index.ts';
import { accountMessages, createMessagingFeature, postComments } from './messaging/index.ts';
import { createMembersFeature } from './members/index.ts';
import { createAccountDeletionFeature } from './account-deletion/index.ts';
import { apiNotFound, apiSecurityHeaders, blockDuringMaintenance, compressResponses, handleErrors, MAINTENANCE_RETRY_AFTER_SECONDS, pageSecurityHeaders, requestLog, requireSameOrigin } from './http/index.ts';
import { staticClient } from './web-app/index.ts';
import type { Logger } from './logger.ts';
import { createPlatformPlanFeature } from './platform-plan/index.ts';
import { createPaymentsFeature } from './payments/index.ts';
import { createPostsFeature } from './posts/index.ts';
import type { Services } from './services.ts';
import { createSettingsFeature } from './settings/index.ts';
import { createSitesFeature } from './sites/index.ts';
import { createTiersFeature } from './tiers/index.ts';
import { createGiftsFeature } from './gifts/index.ts';
import { createTipsFeature } from './tips/index.ts';
import { createProductsFeature } from './products/index.ts';
import { createOffersFeature } from './offers/index.ts';
import { createExportsFeature } from './exports/index.ts';
import { createImportsFeature } from './imports/index.ts';

export interface AppOptions {
  config: Config;
  services: Services;
  logger: Logger;
  /** dist/client; without it the app serves the API only (integration tests). */
  clientDir?: string;
}

/** The one list: each feature is handed only what it uses. */
function createFeatures(config: Config, services: Services, cookie: SessionCookie, logger: Logger, clientDir: string | undefined): Feature[] {
  const sameOrigin = requireSameOrigin(config.allowedOrigins);
  return [
    createSettingsFeature({ maintenance: services.maintenance, publicConfig: services.publicConfig, sameOrigin }),
    createHealthFeature({ database: services.database }),
    createAuthFeature({
      accounts: services.accounts,
      accountChanges: services.accountChanges,
      verification: services.verification,
      passwordReset: services.passwordReset,
      google: services.google,
      identity: services.memberIdentity,
      cookie,
      sameOrigin,
      appUrl: config.appUrl,
      logger,
    }),
    createAdminFeature({ accounts: services.accounts, operator: services.operator, maintenance: services.maintenance, cookie, sameOrigin, logger }),
    createSitesFeature({ sites: services.sites, onboarding: services.onboarding, rateLimiter: services.rateLimiter, sameOrigin }),
    createDashboardFeature({ overview: services.overview }),
    createReportsFeature({ reports: services.reports, activity: services.activity, clock: services.clock }),
    createSupportFeature({ support: services.support, maintenance: services.maintenance, sameOrigin }),
    createPostsFeature({ posts: services.posts, sameOrigin }),
    createEmailFeature({ email: services.email.service, welcome: services.email.welcome, memberNotices: services.email.memberNotices, clock: services.clock, sameOrigin, appUrl: config.appUrl }),
    createPlatformPlanFeature({ platformPlan: services.platformPlan, sameOrigin }),
    createTiersFeature({ tiers: services.tiers, sameOrigin }),
    createDesignFeature({ designs: services.designs, sameOrigin }),
    createMembersFeature({ members: services.members, importer: services.membersImport, sameOrigin }),
    createExportsFeature({ exports: services.siteExports, sameOrigin }),
    createImportsFeature({ imports: services.imports.service, uploads: services.imports.uploads, sameOrigin }),
    createAccountDeletionFeature({ deletion: services.accountDeletion, cookie, sameOrigin }),
    createMediaFeature({
      db: services.database.db,
      service: services.media.service,
      uploads: services.media.uploads,
      storage: services.media.storage,
      clock: services.clock,
      sameOrigin,
      mayServePublicly: publicMediaRule({ db: services.database.db, clock: services.clock, livePosts: services.livePosts }),
    }),
    createMemberAccountFeature({
      db: services.database.db,
      clock: services.clock,
      livePosts: services.livePosts,
      config,
      sessions: services.sessions,
      cookie,
      maintenance: services.maintenance,
      sameOrigin,
      clientDir,
      mediaUrlSigner: services.media.service.urlSigner,
      accounts: services.memberAccounts,
      publishedDesigns: services.publishedDesigns,
      messagesSection: accountMessages(services.messages),
      purchases: (siteId, userId) => services.productDownloads.ofBuyer(siteId, userId),
      deletion: services.accountDeletion,
    }),
    createMessagingFeature({ messages: services.messages, comments: services.comments, events: services.messageEvents, sameOrigin, session: loadSession(services.sessions, cookie), maintenance: services.maintenance }),
    createPaymentsFeature({ webhooks: services.webhooks, accounts: services.paymentAccounts, sameOrigin }),
    createDomainsFeature({
      db: services.database.db,
      clock: services.clock,
      livePosts: services.livePosts,
      domains: services.domains,
      directory: services.domainDirectory,
      sessions: services.sessions,
      cookie,
      session: loadSession(services.sessions, cookie),
      sameOrigin,
      appUrl: config.appUrl,
      platformOrigins: config.allowedOrigins,
      checkWait: (userId) => services.rateLimiter.domainCheckWait(userId),
    }),
    createOffersFeature({ offers: services.offers, checkout: services.offerCheckout, sameOrigin }),
    createGiftsFeature({ gifts: services.gifts, sameOrigin }),
    createTipsFeature({ tips: services.tips, sameOrigin }),
    createProductsFeature({ products: services.products, store: services.productStore, sameOrigin }),
    // Last: its pages answer /@{handle} paths, /robots.txt and the sitemap, and let every other path through.
    createPublicSiteFeature({
      db: services.database.db,
      clock: services.clock,
      livePosts: services.livePosts,
      sessions: services.sessions,
      cookie,
      maintenance: services.maintenance,
      sameOrigin,
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      formTargets: paymentFormTargets(config.stripeApiUrl),
      clientDir,
      mediaUrlSigner: services.media.service.urlSigner,
      links: services.links,
      googleSignIn: services.publicConfig.googleSignIn,
      startCheckout: services.startCheckout,
      noteNewMember,
      pageCache: services.pageCache,
      pageViews: services.pageViews,
      platformBadge: config.platformBadge,
      publishedDesigns: services.publishedDesigns,
      commentsSection: postComments({ comments: services.comments, clock: services.clock }),
      products: { store: services.productStore, downloads: services.productDownloads, storage: services.media.storage },
      offers: services.offerCheckout,
      gifts: services.gifts,
      tips: services.tips,
    }),
  ];
}

export function createApp({ config, services, logger, clientDir }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  const cookie = createSessionCookie(config.appUrl);
  const features = createFeatures(config, services, cookie, logger, clientDir);

  // First, so every answer below it (the bare health and maintenance answers too) is compressed when it is worth it.
  app.use(compressResponses());
  for (const handler of features.flatMap((feature) => feature.first ?? [])) app.use(handler);
  for (const { path, handler } of features.flatMap((feature) => feature.bareGets ?? [])) app.get(path, handler);

  // Hashed assets are many and tell nothing: their requests are not logged.
  app.use(requestLog(logger, (req) => req.path.startsWith('/assets/')));
  app.use('/api', apiSecurityHeaders(config.appUrl), blockDuringMaintenance(services.maintenance), loadSession(services.sessions, cookie));
  for (const { path, handler } of features.flatMap((feature) => feature.routers ?? [])) app.use(path, handler);
  app.use('/api', apiNotFound);
  app.use(pageSecurityHeaders(config.appUrl));

  if (clientDir) {
    app.use(
      staticClient({
        clientDir,
        bootState: async (req: Request, res: Response): Promise<BootState> => {
          // The shell tells crawlers and proxies too; the boot state renders the maintenance screen, which needs no user.
          if (services.maintenance.isOn()) {
            res.status(503).set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
            return { maintenance: true, user: null, config: services.publicConfig };
          }
          const token = cookie.read(req);
          const validated = token ? await services.sessions.validateSessionToken(token, sessionScopeOf(res)).catch(() => null) : null;
          if (token && validated?.renewed) cookie.set(res, token, validated.session.expiresAt);
          return { maintenance: false, user: validated ? toPublicUser(validated.user) : null, config: services.publicConfig };
        },
      }),
    );
  }
  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(handleErrors(logger));
  return app;
}
