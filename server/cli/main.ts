/**
 * The operator CLI: `npm run cli -- <command>` (or `node dist/server/cli.js` in
 * the container). Exit codes: 0 done, 1 the command failed (unknown e-mail,
 * database unreachable, bad configuration), 2 the command was not understood.
 */
import { connectDatabase } from '../../db/connect.ts';
import { EmbeddedDatabaseInUseError } from '../../db/embedded-lock.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createAdminService, type AdminService } from '../admin/index.ts';
import { systemClock } from '../clock.ts';
import { loadConfig, type Config } from '../config/index.ts';
import { databaseErrorCode } from '../../db/database-unavailable.ts';
import { runBackup, runRestore } from './backup-commands.ts';
import { parseCommand, UsageError, USAGE, type Command } from './commands.ts';
import { withRemoteMaintenance, type AdminCredentials, type RemoteServer } from './remote-maintenance.ts';

type MaintenanceCommand = Extract<Command, { needs: 'maintenance' }>;

async function main(command: Command, config: Config): Promise<string> {
  if (command.needs === 'database') return withDatabase(config, command.run);
  if (command.needs === 'backup') return runBackup(command.out, { config, localServer: { url: localServer(config), origin: config.appUrl.origin }, credentials: () => adminCredentials('backup') });
  if (command.needs === 'restore') return runRestore(command.file, config);
  if (command.url) return viaServer(command, { url: command.url, origin: command.url.origin });
  try {
    return await withDatabase(config, (admin) => command.run({ isOn: admin.getMaintenance, set: admin.setMaintenance }));
  } catch (error) {
    // A server holds the embedded database: its maintenance switch is reached through it instead.
    if (error instanceof EmbeddedDatabaseInUseError) return viaServer(command, { url: localServer(config), origin: config.appUrl.origin });
    throw error;
  }
}

async function withDatabase(config: Config, use: (admin: AdminService) => Promise<string>): Promise<string> {
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    return await use(createAdminService({ db: database.db, clock: systemClock }));
  } finally {
    await database.close();
  }
}

function viaServer(command: MaintenanceCommand, server: RemoteServer): Promise<string> {
  return withRemoteMaintenance(server, adminCredentials('maintenance'), command.run);
}

/** The server this machine runs on HOST and PORT, reached on loopback when it listens on every address. */
function localServer(config: Config): URL {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}`);
}

/** From the environment, not argv: a password on the command line is seen by every user of `ps` and kept in shell history. */
function adminCredentials(command: 'maintenance' | 'backup'): AdminCredentials {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) {
    throw new Error(
      `${command} goes through the running server's admin API here (a server holds the embedded database${command === 'maintenance' ? ', or --url was given' : ''}): ` +
        'set ADMIN_EMAIL and ADMIN_PASSWORD to an admin account\'s e-mail and password',
    );
  }
  return { email, password };
}

/** One line an operator can act on: where the database is, not a driver's stack. */
function describeFailure(error: unknown, config: Config | undefined): string {
  const code = databaseErrorCode(error);
  if (code && config && 'url' in config.database) {
    return `the database at ${new URL(config.database.url).host} cannot be reached (${code})`;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(argv.length === 0 ? 2 : 0);
}
let config: Config | undefined;
try {
  const command = parseCommand(argv);
  config = loadConfig(process.env);
  process.stdout.write(`${await main(command, config)}\n`);
  process.exitCode = 0;
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`error: ${describeFailure(error, config)}\n`);
    process.exitCode = 1;
  }
}
// A connection the driver still holds open (a failed connect's retry timer) must not keep the operator waiting.
process.exit();
