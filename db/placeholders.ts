/**
 * Named parameters of prepared statements (drizzle's `sql.placeholder`) that
 * need a type: a statement prepared once is planned once per connection
 * instead of on every call, which is most of a hot statement's cost.
 */
import { sql } from 'drizzle-orm';

/** A timestamp parameter, sent as ISO text: drizzle maps Date only for typed columns. */
export const timestampParameter = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
