/** Every table, for drizzle's relational queries and for drizzle-kit (drizzle.config.ts). */
import { contentSchema } from './content-schema.ts';
import { moneySchema } from './money-schema.ts';
import { accountSchema } from './schema.ts';

export const schema = { ...accountSchema, ...contentSchema, ...moneySchema };
