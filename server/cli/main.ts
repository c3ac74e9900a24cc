/**
 * The operator CLI: `npm run cli -- <command>` (or `node dist/server/cli.js` in
 * the container). Exit codes: 0 done, 1 the command failed (unknown e-mail,
 * database unreachable), 2 the command was not understood.
 */
import { connectDatabase } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createAdminService } from '../admin/admin-service.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { runCommand, UsageError, USAGE } from './commands.ts';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const config = loadConfig(process.env);
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    const admin = createAdminService({ db: database.db, clock: systemClock });
    const output = await runCommand(admin, argv);
    process.stdout.write(`${output}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  },
);
