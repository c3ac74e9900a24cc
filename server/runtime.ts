/**
 * A whole running server: database connected and migrated, background work
 * started, HTTP listening; and its orderly stop. Its parts are one list,
 * started first to last and stopped last to first (lifecycle.ts). main.ts runs
 * one; tests run several against one database to prove they cooperate.
 */
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createApp } from './app.ts';
import { backupJob } from './backups/index.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config/index.ts';
import { createScheduler, type Scheduler } from './jobs/index.ts';
import { startParts, type Part } from './lifecycle.ts';
import type { Logger } from './logger.ts';
import { createDevSinkTransport, createSmtpTransport, type MailTransport } from './mail/index.ts';
import { createSecretBox, resolveAppSecret, type SecretBox } from './secrets/index.ts';
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
  const clock = options.clock ?? systemClock;
  // Set by the parts' starts below, in order, for the parts after them and for the running server.
  let database!: DatabaseHandle;
  let transport!: MailTransport;
  let secretBox!: SecretBox;
  let services!: Services;
  let backups!: Scheduler;
  let server!: Server;
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;
  // Open event streams never finish on their own: the HTTP server's stop ends them once it refuses new connections.
  let streamsEnded: Promise<void> | undefined;
  const endStreams = () => (streamsEnded ??= services.messageEvents.stop());

  // Started first to last, stopped last to first (server/lifecycle.ts): each part after what it uses.
  const parts: Part[] = [
    {
      name: 'database',
      async start() {
        if ('pgliteDir' in config.database) await mkdir(config.database.pgliteDir, { recursive: true });
        database = options.database ?? (await connectDatabase(config.database));
      },
      // Last of all. An already connected database is closed by its owner.
      stop: () => (options.database ? undefined : database.close()),
    },
    { name: 'database schema', start: () => migrateDatabase(database) },
    {
      name: 'mail transport',
      start() {
        transport = options.transport ?? createTransport(config, logger);
      },
      stop: () => transport.close(),
    },
    {
      // APP_SECRET, or the one made once in DATA_DIR: what the services seal secrets with (server/secrets/).
      name: 'app secret',
      async start() {
        secretBox = createSecretBox(await resolveAppSecret({ configured: config.appSecret, dataDir: config.dataDir, logger }));
      },
    },
    {
      // The password hasher's threads are what the services hold open.
      name: 'services',
      start() {
        services = createServices({ config, database, transport, clock, logger, secretBox });
      },
      stop: () => services.passwords.close(),
    },
    { name: 'visitor salts', start: () => services.visitorSalts.start(), stop: () => services.visitorSalts.stop() },
    { name: 'site changes', start: () => services.siteChanges.start(), stop: () => services.siteChanges.stop() },
    { name: 'maintenance listener', start: () => services.maintenance.start(), stop: () => services.maintenance.stop() },
    // The newsletters' SMTP pool closes once the queue has stopped, so a delivery in hand ends first.
    { name: 'newsletter mail pool', stop: () => services.email.closeTransport() },
    // Starts the job queue, after registering the media worker; stops it (after the jobs in hand).
    { name: 'media and job queue', start: () => services.media.start(), stop: () => services.media.stop() },
    // Registers the newsletter workers on the started queue; before the queue stops, a pass in hand ends after its batch.
    { name: 'newsletters', start: () => services.email.start(), stop: () => services.email.stop() },
    // Registers the import run's worker; before the queue stops, a run in hand ends after its current step (another server takes it up).
    { name: 'imports', start: () => services.imports.start(), stop: () => services.imports.stop() },
    {
      // BACKUP_SCHEDULE's backups (none when unset), on a scheduler of their own.
      name: 'backups scheduler',
      start() {
        const scheduledBackup = backupJob({ config, database, clock, logger });
        backups = createScheduler({ db: database.db, clock, logger, jobs: scheduledBackup ? [scheduledBackup] : [] });
        if (scheduledBackup) backups.start();
      },
      stop: () => backups.stop(),
    },
    // The jobs in hand finish before the queue they may send to stops.
    { name: 'jobs scheduler', start: () => services.jobs.start(), stop: () => services.jobs.stop() },
    // Stops after the mail in hand is sent.
    { name: 'mail worker', start: () => services.mailWorker.start(), stop: () => services.mailWorker.stop() },
    // Stops after the last request, so its view is in the last batch.
    { name: 'page views', start: () => services.pageViews.start(), stop: () => services.pageViews.stop() },
    // Ended by the HTTP server's stop (endStreams), or here when the HTTP server never started.
    { name: 'message events', start: () => services.messageEvents.start(), stop: endStreams },
    {
      name: 'HTTP server',
      async start() {
        const app = createApp({ config, services, logger, ...(options.clientDir ? { clientDir: options.clientDir } : {}) });
        server = app.listen(config.port, config.host);
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
      },
      /** Stops accepting, ends the event streams, lets the requests in flight finish. */
      async stop() {
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        // Stops accepting at once, before anything below waits on the database.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Their browsers reconnect to another server.
        await endStreams();
        server.closeIdleConnections();
        await stopped;
      },
    },
  ];
  const started = await startParts(parts, logger);
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    services,
    database,
    backups,
    close() {
      closing ??= started.stop();
      return closing;
    },
  };
}
