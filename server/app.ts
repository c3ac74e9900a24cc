/**
 * The Express app over the services: routes and named middleware only, in the
 * order that keeps the hot paths bare. The maintenance answer and the health
 * check come before logging, security headers and sessions; static assets skip
 * the session lookup.
 */
import express, { type Express, type Request, type Response } from 'express';
import type { BootState } from '../common/api-types.ts';
import { toPublicUser } from './auth/public-user.ts';
import type { Config } from './config.ts';
import { apiNotFound, handleErrors } from './http/middleware/error-handler.ts';
import { loadSession } from './http/middleware/load-session.ts';
import { requestLog } from './http/middleware/request-log.ts';
import { apiSecurityHeaders, pageSecurityHeaders } from './http/security-headers.ts';
import { requireSameOrigin } from './http/middleware/require-same-origin.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { configRoutes, maintenanceHandler } from './settings/config-routes.ts';
import { googleRoutes } from './auth/google-routes.ts';
import { healthHandler } from './health/health-routes.ts';
import { createSessionCookie } from './http/session-cookie.ts';
import { staticClient } from './http/static-client.ts';
import type { Logger } from './logger.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  config: Config;
  services: Services;
  logger: Logger;
  /** dist/client; without it the app serves the API only (integration tests). */
  clientDir?: string;
}

export function createApp({ config, services, logger, clientDir }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  const cookie = createSessionCookie(config.appUrl);

  app.get('/api/config/maintenance', maintenanceHandler(services.maintenance));
  app.get('/healthz', healthHandler(services.database));

  // Hashed assets are many and tell nothing: their requests are not logged.
  app.use(requestLog(logger, (req) => req.path.startsWith('/assets/')));
  app.use('/api', apiSecurityHeaders(config.appUrl));
  app.use(requireSameOrigin(config.appUrl));

  app.use('/api/auth/google', googleRoutes({ google: services.google, cookie, appUrl: config.appUrl, logger }));
  app.use('/api/auth', loadSession(services.sessions, cookie), authRoutes({ ...services, cookie }));
  app.use('/api/config', configRoutes(services.publicConfig));
  app.use('/api', apiNotFound);
  app.use(pageSecurityHeaders(config.appUrl));

  if (clientDir) {
    app.use(
      staticClient({
        clientDir,
        bootState: async (req: Request, res: Response): Promise<BootState> => {
          const token = cookie.read(req);
          const validated = token ? await services.sessions.validateSessionToken(token).catch(() => null) : null;
          if (token && validated?.renewed) cookie.set(res, token, validated.session.expiresAt);
          return {
            maintenance: services.maintenance.isOn(),
            user: validated ? toPublicUser(validated.user) : null,
            config: services.publicConfig,
          };
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
