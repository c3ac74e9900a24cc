/** Entry point: read the environment, start the server, stop gracefully on SIGTERM or SIGINT. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { createLogger, readableLogStream } from './logger.ts';
import { startServer } from './runtime.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel, config.logFormat === 'text' ? readableLogStream() : undefined);
const clientDir = path.resolve('dist/client');
const clientBuilt = existsSync(path.join(clientDir, 'index.html'));
if (!clientBuilt) logger.warn({ clientDir }, 'the client is not built: serving the API only (run `npm run build`, or use `npm run dev`)');
const server = await startServer({ config, logger, ...(clientBuilt ? { clientDir } : {}) }).catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  const reason = code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is already in use (set PORT)` : String(error);
  logger.fatal({ err: error }, `could not start: ${reason}`);
  process.stderr.write(`Could not start: ${reason}\n`);
  process.exit(1);
});
// One address to open (APP_URL, or http://localhost:PORT): a second one beside it is what a newcomer would paste.
logger.info({ open: config.appUrl.href, database: server.database.kind, mail: config.smtpUrl ? 'smtp' : 'dev-sink' }, 'server started');

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  // A request that will not finish must not keep the process alive forever.
  setTimeout(() => {
    logger.error('shutdown deadline passed, exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
