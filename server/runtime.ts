/**
 * A whole running server: database connected and migrated, background work
 * started, HTTP listening; and its orderly stop. main.ts runs one; tests run
 * several against one database to prove they cooperate.
 */
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createApp } from './app.ts';
import { backupJob } from './backups/index.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import type { Logger } from './logger.ts';
import { createDevSinkTransport, createSmtpTransport, type MailTransport } from './mail/transport.ts';
import { createServices, type Services } from './services.ts';

export interface RunningServer {
  url: string;
  services: Services;
  database: DatabaseHandle;
  /** BACKUP_SCHEDULE's backups (none when unset), on a scheduler of their own: a backup may run far longer than the clean-up beside it. */
  backups: Scheduler;
  /** Stops accepting, lets requests in flight finish, stops the mail worker after its mail and the jobs after theirs, closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  clientDir?: string;
  clock?: Clock;
  transport?: MailTransport;
  /** An already connected database (tests share one between servers); closed by its owner. */
  database?: DatabaseHandle;
}

export function createTransport(config: Config, logger: Logger): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createDevSinkTransport(path.join(config.dataDir, 'mail'), config.mailFrom, logger);
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const ownsDatabase = !options.database;
  if ('pgliteDir' in config.database) await mkdir(config.database.pgliteDir, { recursive: true });
  const database = options.database ?? (await connectDatabase(config.database));
  await migrateDatabase(database);
  const transport = options.transport ?? createTransport(config, logger);
  const services = createServices({ config, database, transport, clock: options.clock ?? systemClock, logger });
  await services.maintenance.start();
  await services.siteChanges.start();
  await services.visitorSalts.start();
  await services.messageEvents.start();
  services.pageViews.start();
  await services.mailWorker.start();
  services.jobs.start();
  const scheduledBackup = backupJob({ config, database, clock: options.clock ?? systemClock, logger });
  const backups = createScheduler({ db: database.db, clock: options.clock ?? systemClock, logger, jobs: scheduledBackup ? [scheduledBackup] : [] });
  if (scheduledBackup) backups.start();
  await services.media.start();
  await services.email.start();
  const app = createApp({ config, services, logger, ...(options.clientDir ? { clientDir: options.clientDir } : {}) });

  const server = app.listen(config.port, config.host);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;
  // A response finished during shutdown closes its connection: a keep-alive
  // socket left idle would hold server.close() for keepAliveTimeout.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    services,
    database,
    backups,
    close() {
      closing ??= (async () => {
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        // Stops accepting at once, before anything below waits on the database.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Open event streams never finish on their own: end them, and their browsers reconnect to another server.
        await services.messageEvents.stop();
        server.closeIdleConnections();
        await stopped;
        // After the last request, so its view is in the last batch.
        await services.pageViews.stop();
        await services.mailWorker.stop();
        await services.jobs.stop();
        await backups.stop();
        services.email.stop();
        await services.media.stop();
        services.email.closeTransport();
        await services.maintenance.stop();
        await services.siteChanges.stop();
        await services.visitorSalts.stop();
        await services.passwords.close();
        transport.close();
        if (ownsDatabase) await database.close();
      })();
      return closing;
    },
  };
}
