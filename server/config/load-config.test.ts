import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.ts';

describe('loadConfig', () => {
  it('gives the defaults of DESIGN.md with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl.toString()).toBe('http://localhost:3000/');
    expect(config.database).toEqual({ pgliteDir: expect.stringMatching(/data\/pglite$/) });
    expect(config.supportEmail).toBe('support@localhost');
    expect(config.google).toBeUndefined();
    expect(config.emailEnumerationProtection).toBe(true);
    expect(config.trustProxy).toBeUndefined();
    expect(config.rateLimits.loginFreeFailures).toBe(5);
  });

  it('leaves Stripe off without a secret key, and reads the platform plan with its SPEC.md defaults', () => {
    const config = loadConfig({});
    expect(config.stripe).toBeUndefined();
    expect(config.platformPlan).toEqual({ feeEnabled: true, monthlyPrice: 1900, currency: 'usd', trialDays: 30 });
    expect(loadConfig({ PLATFORM_FEE: 'off' }).platformPlan.feeEnabled).toBe(false);
  });

  it('reads the Stripe keys and where the SDK sends its requests', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_c', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: undefined, connectWebhookSecret: 'whsec_c', apiUrl: new URL('http://127.0.0.1:12111') });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
  });

  it('accepts the default SUPPORT_EMAIL=support@localhost when .env.example sets it explicitly', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'support@localhost' }).supportEmail).toBe('support@localhost');
  });

  it('reads how long one of an import’s files may take, 20 s unless set, and refuses none at all', () => {
    expect(loadConfig({}).imports).toEqual({ allowPrivateAddresses: false, fetchTimeoutMs: 20_000 });
    expect(loadConfig({ IMPORT_FETCH_TIMEOUT_MS: '1500' }).imports.fetchTimeoutMs).toBe(1500);
    expect(() => loadConfig({ IMPORT_FETCH_TIMEOUT_MS: '0' })).toThrow(/IMPORT_FETCH_TIMEOUT_MS/);
  });

  it('derives APP_URL from PORT and reads a Postgres URL', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.appUrl.origin).toBe('http://localhost:8080');
    expect(config.database).toEqual({ url: 'postgres://u:p@db:5432/app', poolSize: 10 });
  });

  it('reads DATABASE_POOL_SIZE, and refuses a pool too small to hold a transaction beside a read', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app', DATABASE_POOL_SIZE: '4' }).database).toEqual({ url: 'postgres://u:p@db:5432/app', poolSize: 4 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('accepts every loopback name on PORT when APP_URL is unset, and only APP_URL when it is set', () => {
    expect(loadConfig({ PORT: '8080' }).allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(loadConfig({ PORT: '8080', APP_URL: 'http://127.0.0.1:8080' }).allowedOrigins).toEqual(['http://127.0.0.1:8080']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_EMAIL_ENUMERATION_PROTECTION: 'maybe' }, 'AUTH_EMAIL_ENUMERATION_PROTECTION'],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, 'GOOGLE_CLIENT_ID'],
    [{ FOOTER_SOCIAL_URL: 'javascript:alert(1)' }, 'FOOTER_SOCIAL_URL'],
  ])('stops with one line naming the variable for %o', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrowError(new RegExp(`^Invalid configuration: ${variable}`));
  });

  it('refuses an https APP_URL without SMTP_URL in one line naming SMTP_URL, since the dev sink prints reset links', () => {
    expect(() => loadConfig({ APP_URL: 'https://creators.example.com' })).toThrowError(/^Invalid configuration: SMTP_URL is required when APP_URL is https/);
    expect(loadConfig({ APP_URL: 'https://creators.example.com', SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe('smtps://u:p@mail.example.com:465');
    expect(loadConfig({ APP_URL: 'https://creators.example.com', MAIL_DEV_SINK: 'true' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).smtpUrl).toBeUndefined();
  });

  it('reads retention periods, the mail lease and the reset limits, with defaults', () => {
    expect(loadConfig({}).retention).toEqual({ cleanupIntervalSeconds: 3600, mailDays: 7, authEventsDays: 90, emailTokensDays: 1, rateLimitsDays: 2 });
    expect(loadConfig({}).mailLeaseMs).toBe(120_000);
    expect(loadConfig({ RETENTION_AUTH_EVENTS_DAYS: '30' }).retention.authEventsDays).toBe(30);
    expect(loadConfig({}).rateLimits).toMatchObject({ mailsPerAddressPerDay: 10, resetAttemptsPerIp: 30, resetAttemptsPerEmail: 10, resetWindowSeconds: 3600 });
    expect(() => loadConfig({ RETENTION_MAIL_DAYS: '0' })).toThrowError(/^Invalid configuration: RETENTION_MAIL_DAYS/);
  });

  it('reads the storage quota of a site: 50 GiB unless told, 0 for none, never negative', () => {
    expect(loadConfig({}).media.siteStorageQuotaBytes).toBe(50 * 1024 ** 3);
    expect(loadConfig({ SITE_STORAGE_QUOTA_BYTES: '0' }).media.siteStorageQuotaBytes).toBe(0);
    expect(loadConfig({ SITE_STORAGE_QUOTA_BYTES: '1000' }).media.siteStorageQuotaBytes).toBe(1000);
    expect(() => loadConfig({ SITE_STORAGE_QUOTA_BYTES: '-1' })).toThrowError(/^Invalid configuration: SITE_STORAGE_QUOTA_BYTES/);
    expect(() => loadConfig({ SITE_STORAGE_QUOTA_BYTES: 'lots' })).toThrowError(/^Invalid configuration: SITE_STORAGE_QUOTA_BYTES/);
  });

  it('reads the backup schedule (none unless set) and how many scheduled backups to keep (7 unless set)', () => {
    expect(loadConfig({}).backups).toEqual({ schedule: undefined, keep: 7 });
    expect(loadConfig({ BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '14' }).backups).toEqual({ schedule: '0 3 * * *', keep: 14 });
  });

  it.each([
    ['BACKUP_SCHEDULE', 'nightly'],
    ['BACKUP_SCHEDULE', '0 25 * * *'],
    ['BACKUP_SCHEDULE', '0 3 * *'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'all'],
  ])('stops start-up on %s=%j with one line naming the variable', (variable, value) => {
    const message = (() => {
      try {
        loadConfig({ [variable]: value });
        return 'started';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message.startsWith(`Invalid configuration: ${variable} `)).toBe(true);
    expect(message.endsWith(`(got "${value}")`)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('shows the platform badge on sites only when PLATFORM_BADGE is true (docs/decisions/142)', () => {
    expect(loadConfig({}).platformBadge).toBe(false);
    expect(loadConfig({ PLATFORM_BADGE: 'true' }).platformBadge).toBe(true);
    expect(() => loadConfig({ PLATFORM_BADGE: 'yes' })).toThrowError(/^Invalid configuration: PLATFORM_BADGE /);
  });

  it('reads TRUST_PROXY as a hop count, a boolean or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });
});
