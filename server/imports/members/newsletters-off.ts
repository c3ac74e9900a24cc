/**
 * "Unsubscribed and cleaned addresses come in with newsletters off" (issue 30),
 * members already here included (docs/decisions/175): the run turns off the
 * newsletters of a member already on the site whom the source sends none
 * (unsubscribed, cleaned, e-mail disabled), through the memberships room, and
 * records it (`newsletters-off`) in the same transaction. A member an earlier
 * import of the same source turned off is left as they are now: they may have
 * turned their newsletters on again since. The undo turns them back on unless
 * the membership has changed since the import.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { memberships } from '../../../db/content-schema.ts';
import type { Clock } from '../../clock.ts';
import { setEmailSubscription } from '../../memberships/index.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import { letRequestsIn } from '../let-requests-in.ts';
import type { NewslettersOff } from './member-plan.ts';

/** Members a transaction, as write-members.ts writes them (on PGlite a slice is also how long requests wait). */
const SLICE = 250;
/** Postgres takes at most 65,535 parameters a statement. */
const READ_SLICE = 1000;

/** Of `members`, those no import of this site and source has turned off before. */
export async function notTurnedOffBefore(db: Database, scope: Pick<ImportScope, 'siteId' | 'source'>, members: readonly NewslettersOff[]): Promise<NewslettersOff[]> {
  const before = await findItems(db, scope, 'newsletters-off', members.map((member) => member.email));
  return members.filter((member) => !before.has(member.email));
}

/** What the dry run tells the creator, since it changes members they already had. */
export function newslettersOffProblems(members: readonly NewslettersOff[]): ImportProblem[] {
  if (members.length === 0) return [];
  const who = members.length === 1 ? 'One member already on your site gets' : `${members.length} members already on your site get`;
  return [{ where: 'Members already here', message: `${who} no newsletters at the source (unsubscribed, cleaned or e-mail disabled): the import turns their newsletters off here too.` }];
}

export async function turnNewslettersOff(deps: { db: Database; clock: Clock }, scope: ImportScope, members: readonly NewslettersOff[]): Promise<void> {
  for (let start = 0; start < members.length; start += SLICE) {
    const slice = members.slice(start, start + SLICE);
    await letRequestsIn();
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      for (const member of slice) await setEmailSubscription(tx, { membershipId: member.membershipId, siteId: scope.siteId }, false, now);
      await recordItems(tx, scope, 'newsletters-off', slice.map((member) => ({ sourceKey: member.email, targetId: member.membershipId })));
    });
  }
}

/**
 * In the undo's transaction: newsletters back on for the memberships still off and unchanged since the import
 * finished. Answers those turned back on, and how many stay off because their membership changed since.
 */
export async function turnNewslettersBackOn(tx: Database, siteId: string, membershipIds: readonly string[], finishedAt: Date, now: Date): Promise<{ restored: string[]; keptOff: number }> {
  const outcome = { restored: [] as string[], keptOff: 0 };
  for (let start = 0; start < membershipIds.length; start += READ_SLICE) {
    // Locked while read, so a member's own switch made meanwhile comes after this and wins.
    const rows = await tx
      .select({ id: memberships.id, subscribed: memberships.subscribedToEmails, updatedAt: memberships.updatedAt })
      .from(memberships)
      .where(and(eq(memberships.siteId, siteId), inArray(memberships.id, membershipIds.slice(start, start + READ_SLICE))))
      .for('update');
    for (const row of rows) {
      // On again already, by the member or the creator: nothing to put back.
      if (row.subscribed) continue;
      if (row.updatedAt > finishedAt) {
        outcome.keptOff += 1;
        continue;
      }
      await setEmailSubscription(tx, { membershipId: row.id, siteId }, true, now);
      outcome.restored.push(row.id);
    }
  }
  return outcome;
}
