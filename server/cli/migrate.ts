/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
import { mkdir } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config/index.ts';
import { connectDatabase } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';

try {
  const config = loadConfig(process.env);
  if ('pgliteDir' in config.database) await mkdir(config.database.pgliteDir, { recursive: true });
  const database = await connectDatabase(config.database);
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
