import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./db/schema.ts', './db/content-schema.ts', './db/money-schema.ts'],
  out: './migrations',
});
