/**
 * DESIGN.md "Backups": an APP_SECRET the server made travels in the archive, so
 * what it sealed opens after a restore (docs/decisions/143). A server with no
 * APP_SECRET makes one in its DATA_DIR, seals a creator's Stripe key with it;
 * the backup carries the file, the restore into a fresh database and folder
 * puts it back (mode 600), and the restored server reads the key: the creator's
 * Stripe status comes back connected and working. An operator who set
 * APP_SECRET keeps it: the archive then holds no secret file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsStatus } from '../../common/api/payments.ts';
import { connectDatabase } from '../../db/connect.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import { backupSource, mediaStore, restoreBackup, takeBackup } from '../../server/backups/index.ts';
import { APP_SECRET_ENTRY } from '../../server/backups/manifest.ts';
import { loadConfig } from '../../server/config/load-config.ts';
import { startServer } from '../../server/runtime.ts';
import { appSecretPath } from '../../server/secrets/index.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { freePort } from '../support/free-port.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startTestServer, testEnvironment, testLogger, type TestServer } from '../support/test-server.ts';

const sourceDir = mkdtempSync(path.join(tmpdir(), 'secret-source-'));
const restoredDir = mkdtempSync(path.join(tmpdir(), 'secret-restored-'));
let stripe: StripeServer;
let server: TestServer;
let fresh: TestDatabase;

beforeAll(async () => {
  stripe = await startStripeServer();
  // APP_SECRET empty is APP_SECRET unset: the server makes its own in DATA_DIR.
  server = await startTestServer({ env: { DATA_DIR: sourceDir, APP_SECRET: '', STRIPE_API_URL: stripe.url } });
  fresh = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await server?.stop();
  await fresh?.drop();
  await stripe?.close();
  rmSync(sourceDir, { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
});

describe('the made APP_SECRET in backups', () => {
  it('travels in the archive and is restored, so the creator’s sealed Stripe key opens on the restored instance', async () => {
    const made = (await readFile(appSecretPath(sourceDir), 'utf8')).trim();
    const creator = await creatorWithSite(server);
    const key = stripe.createAccountKey({ name: 'Backed Up' });
    expect((await creator.patch('/api/payments/key', { secretKey: key.secretKey })).status).toBe(200);

    const sourceConfig = loadConfig(testEnvironment(0, server.smtp.url, { DATABASE_URL: server.testDatabase.url!, DATA_DIR: sourceDir, APP_SECRET: '', STRIPE_API_URL: stripe.url }));
    const file = path.join(sourceDir, 'with-secret.tar');
    const taken = await takeBackup(backupSource(sourceConfig, server.handle, () => new Date()), file);
    expect(Object.keys(taken.manifest.files)).toContain(APP_SECRET_ENTRY);

    const port = await freePort();
    const config = loadConfig(testEnvironment(port, server.smtp.url, { DATABASE_URL: fresh.url!, DATA_DIR: restoredDir, APP_SECRET: '', STRIPE_API_URL: stripe.url }));
    const target = await connectDatabase(config.database);
    try {
      const restoredBackup = await restoreBackup(file, { database: target, storage: mediaStore(config).storage, migrationsFolder: defaultMigrationsFolder(), appSecretFile: appSecretPath(restoredDir) });
      expect(restoredBackup.appSecret).toBe(true);
    } finally {
      await target.close();
    }
    expect((await readFile(appSecretPath(restoredDir), 'utf8')).trim()).toBe(made);
    expect((await stat(appSecretPath(restoredDir))).mode & 0o777).toBe(0o600);

    const restored = await startServer({ config, logger: testLogger(config.logLevel) });
    try {
      const client = createTestClient(restored.url);
      expect((await client.post('/api/auth/login', { email: creator.email, password: 'violet-harbour-71' })).status).toBe(200);
      const status = await client.get<PaymentsStatus>('/api/payments/status');
      expect(status.status).toBe(200);
      // Opened with the restored secret and used with Stripe: the account as Stripe has it, the key still accepted.
      expect(status.body.account).toMatchObject({ mode: 'key', accountId: key.accountId, keyStatus: 'active', chargesEnabled: true });
    } finally {
      await restored.close();
    }
  });

  it('leaves an operator’s own APP_SECRET out of the archive', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-operator-'));
    try {
      const config = loadConfig(testEnvironment(0, server.smtp.url, { DATABASE_URL: server.testDatabase.url!, DATA_DIR: dir }));
      expect(config.appSecret).toBeDefined();
      const taken = await takeBackup(backupSource(config, server.handle, () => new Date()), path.join(dir, 'without-secret.tar'));
      expect(Object.keys(taken.manifest.files)).not.toContain(APP_SECRET_ENTRY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
