/** Every table, for drizzle's relational queries and for drizzle-kit (drizzle.config.ts). */
import { contentSchema } from './content-schema.ts';
import { designSchema } from './design-schema.ts';
import { earnSchema } from './earn-schema.ts';
import { domainSchema } from './domain-schema.ts';
import { emailSchema } from './email-schema.ts';
import { messagingSchema } from './messaging-schema.ts';
import { moneySchema } from './money-schema.ts';
import { moveSchema } from './move-schema.ts';
import { reportsSchema } from './reports-schema.ts';
import { accountSchema } from './schema.ts';

export const schema = { ...accountSchema, ...contentSchema, ...moneySchema, ...domainSchema, ...designSchema, ...reportsSchema, ...messagingSchema, ...emailSchema, ...moveSchema, ...earnSchema };
