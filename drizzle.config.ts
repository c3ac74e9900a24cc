import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./db/schema.ts', './db/content-schema.ts', './db/money-schema.ts', './db/domain-schema.ts', './db/design-schema.ts', './db/reports-schema.ts', './db/messaging-schema.ts', './db/email-schema.ts', './db/mail-outbox-schema.ts', './db/move-schema.ts', './db/earn-schema.ts'],
  out: './migrations',
});
