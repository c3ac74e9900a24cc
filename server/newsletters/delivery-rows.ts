/**
 * A delivery batch's recipient rows: claimed FOR UPDATE SKIP LOCKED under a
 * lease (a server that dies leaves them to another once the lease lapses),
 * and settled one by one the moment SMTP answers, only by the claim that
 * still holds them (newsletter-delivery.ts).
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { EmailVariant } from '../../common/email.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../db/transaction.ts';
import type { Clock } from '../clock.ts';

export interface Claimed {
  id: number;
  membershipId: string;
  variant: EmailVariant;
  attempts: number;
  email: string;
  deliverable: boolean;
}

export type RecipientOutcome = { status: 'sent' | 'failed' | 'skipped' | 'pending'; error?: string; nextAttemptAt?: Date };

/** Whether the member of `membershipId` (memberships and users joined) still takes newsletters: subscribed, address verified, not disabled. */
export const takesNewsletters = (membershipId: SQLWrapper) => sql`(${memberships.subscribedToEmails} and ${users.emailVerified}
  and not exists (select 1 from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${membershipId}))`;

export async function claimRecipients({ db, clock, leaseMs }: { db: Database; clock: Clock; leaseMs: number }, sendId: string, limit: number, claimId: string): Promise<Claimed[]> {
  const now = clock();
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const result = await db.execute(sql`
    with due as (
      select id from ${emailRecipients}
      where send_id = ${sendId} and status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ), held as (
      update ${emailRecipients} r set claim_id = ${claimId}, attempts = r.attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz
      from due where r.id = due.id
      returning r.id, r.membership_id, r.variant, r.attempts
    )
    select held.id, held.membership_id as "membershipId", held.variant, held.attempts, ${users.email} as email,
      ${takesNewsletters(sql`held.membership_id`)} as deliverable
    from held
    join ${memberships} on ${memberships.id} = held.membership_id
    join ${users} on ${users.id} = ${memberships.userId}`);
  return rowsOf<Claimed>(result).map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Records one recipient's outcome if this claim still holds the row. */
export async function settleRecipient({ db, clock }: { db: Database; clock: Clock }, row: Claimed, claimId: string, outcome: RecipientOutcome) {
  await db
    .update(emailRecipients)
    .set({
      status: outcome.status,
      claimId: null,
      error: outcome.error?.slice(0, 500) ?? null,
      ...(outcome.status === 'sent' ? { sentAt: clock() } : {}),
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(and(eq(emailRecipients.id, row.id), eq(emailRecipients.claimId, claimId)));
}
