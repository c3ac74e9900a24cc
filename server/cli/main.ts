/**
 * The operator CLI: `npm run cli -- <command>` (or `node dist/server/cli.js` in
 * the container). Exit codes: 0 done, 1 the command failed (unknown e-mail,
 * database unreachable, bad configuration), 2 the command was not understood.
 */
import { connectDatabase } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createAdminService } from '../admin/admin-service.ts';
import { systemClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { databaseErrorCode } from '../../db/database-unavailable.ts';
import { parseCommand, UsageError, USAGE, type Command } from './commands.ts';

async function main(command: Command, config: Config): Promise<number> {
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    const admin = createAdminService({ db: database.db, clock: systemClock });
    const output = await command(admin);
    process.stdout.write(`${output}\n`);
    return 0;
  } finally {
    await database.close();
  }
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
  process.exitCode = await main(command, config);
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
