/**
 * EMAIL_RATE_PER_SECOND over all servers: each second of the database's clock
 * has one row counting the messages handed to SMTP in it, and a server takes
 * what is left of the current second in one upsert before a batch. No
 * in-process timer decides the rate, so two servers together still send at
 * most the rate (docs/decisions/091-newsletter-delivery.md).
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { emailRateSlots } from '../../db/email-schema.ts';
import { rowsOf } from '../../db/transaction.ts';

export interface RateSlots {
  /** Takes up to `want` of the current second's slots; answers how many it got and how long until the next second. */
  take(want: number): Promise<{ granted: number; msToNextSecond: number }>;
  /** Forgets seconds older than a minute (the clean-up job). */
  forgetOld(): Promise<number>;
}

export function createRateSlots(db: Database, perSecond: number): RateSlots {
  return {
    async take(want) {
      const first = Math.min(perSecond, want);
      const result = await db.execute(sql`
        with now_ms as (select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
        insert into ${emailRateSlots} (second, taken, last_grant)
        select ms / 1000, ${first}::int, ${first}::int from now_ms
        on conflict (second) do update
          set taken = least(${perSecond}::int, ${emailRateSlots.taken} + ${want}::int),
              last_grant = least(${perSecond}::int, ${emailRateSlots.taken} + ${want}::int) - ${emailRateSlots.taken}
        returning last_grant as granted, (select 1000 - ms % 1000 from now_ms) as ms`);
      const row = rowsOf<{ granted: number; ms: number }>(result)[0]!;
      return { granted: Number(row.granted), msToNextSecond: Number(row.ms) };
    },
    async forgetOld() {
      const before = Math.floor(Date.now() / 1000) - 60;
      const removed = await db.delete(emailRateSlots).where(lt(emailRateSlots.second, before)).returning({ second: emailRateSlots.second });
      return removed.length;
    },
  };
}
