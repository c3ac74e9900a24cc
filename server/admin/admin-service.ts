/** What an operator can do from the CLI: the maintenance switch, account suspension and roles, the mail outbox. */
import { asc, count, eq, min } from 'drizzle-orm';
import { describeRoles, type RoleName } from '../../common/roles.ts';
import type { Database } from '../../db/connect.ts';
import { mailOutbox, sessions, settings, users } from '../../db/schema.ts';
import { recordAuthEvent, type UserRow } from '../auth/index.ts';
import type { Clock } from '../clock.ts';

export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
  readonly email: string;
  constructor(email: string) {
    super(`No user with the e-mail ${email}`);
    this.email = email;
  }
}

const OPERATOR = { ip: 'operator-cli', userAgent: 'cli' };

export interface MailStatusReport {
  pending: number;
  failed: number;
  sent: number;
  /** No longer wanted when their turn came (docs/decisions/020-mail-rendered-at-send-time.md). */
  cancelled: number;
  oldestPendingAt: Date | null;
  /** The oldest failed rows, for the operator to see why before retrying. */
  failedMail: { id: number; recipient: string; subject: string; attempts: number; lastError: string | null }[];
}

/** Enough failed rows to show a pattern (a bad SMTP_URL fails them all alike) without flooding a terminal. */
const FAILED_MAIL_SHOWN = 10;

export function createAdminService({ db, clock }: { db: Database; clock: Clock }) {
  async function getMaintenance(): Promise<boolean> {
    const [row] = await db.select({ maintenance: settings.maintenance }).from(settings).where(eq(settings.id, true));
    return row?.maintenance ?? false;
  }

  /** The same UPDATE an operator could type in psql; the trigger tells every server. */
  async function setMaintenance(on: boolean): Promise<void> {
    await db.update(settings).set({ maintenance: on, updatedAt: clock() }).where(eq(settings.id, true));
  }

  async function findUser(email: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw new UnknownUserError(email);
    return user;
  }

  async function countSessions(userId: string): Promise<number> {
    return db.$count(sessions, eq(sessions.userId, userId));
  }

  /** Disabling ends every session at once; enabling lets the user sign in again. */
  async function setUserDisabled(email: string, disabled: boolean, reason = ''): Promise<{ user: UserRow; endedSessions: number }> {
    const user = await findUser(email);
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ suspensionInfo: { suspended: disabled, suspensionReason: disabled ? reason : '' } })
        .where(eq(users.id, user.id))
        .returning();
      const ended = disabled ? await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id }) : [];
      await recordAuthEvent(tx, OPERATOR, { type: disabled ? 'account-disabled' : 'account-enabled', userId: user.id, email: user.email, detail: reason || undefined });
      if (ended.length > 0) {
        await recordAuthEvent(tx, OPERATOR, { type: 'sessions-revoked', userId: user.id, detail: `account disabled: ${ended.length} session(s)` });
      }
      return { user: updated!, endedSessions: ended.length };
    });
  }

  /**
   * `admin` adds the operator's rights and keeps the role (an admin can also be a creator); `creator` or
   * `member` sets exactly that role, without admin. It takes effect on the user's next request: sessions
   * read the user row each time. `previous` and `now` are the roles in words (common/roles.ts).
   */
  async function setUserRole(email: string, name: RoleName): Promise<{ user: UserRow; previous: string; now: string }> {
    const user = await findUser(email);
    const change = name === 'admin' ? { isAdmin: true } : { role: name, isAdmin: false };
    return db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set(change).where(eq(users.id, user.id)).returning();
      const [previous, now] = [describeRoles(user), describeRoles(updated!)];
      await recordAuthEvent(tx, OPERATOR, { type: 'role-changed', userId: user.id, email: user.email, detail: `${previous} -> ${now}` });
      return { user: updated!, previous, now };
    });
  }

  async function mailStatus(): Promise<MailStatusReport> {
    const rows = await db
      .select({ status: mailOutbox.status, total: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .groupBy(mailOutbox.status);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row]));
    const failedMail = await db
      .select({ id: mailOutbox.id, recipient: mailOutbox.recipient, subject: mailOutbox.subject, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'failed'))
      .orderBy(asc(mailOutbox.id))
      .limit(FAILED_MAIL_SHOWN);
    return {
      pending: byStatus.pending?.total ?? 0,
      failed: byStatus.failed?.total ?? 0,
      sent: byStatus.sent?.total ?? 0,
      cancelled: byStatus.cancelled?.total ?? 0,
      oldestPendingAt: byStatus.pending?.oldest ?? null,
      failedMail,
    };
  }

  /** Puts failed mail back in the queue, due now, with a fresh attempt count. */
  async function retryFailedMail(): Promise<number> {
    const retried = await db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: clock() })
      .where(eq(mailOutbox.status, 'failed'))
      .returning({ id: mailOutbox.id });
    return retried.length;
  }

  return { getMaintenance, setMaintenance, findUser, countSessions, setUserDisabled, setUserRole, mailStatus, retryFailedMail };
}

export type AdminService = ReturnType<typeof createAdminService>;
