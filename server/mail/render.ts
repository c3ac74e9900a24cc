/**
 * Turns an outbox row into the mail to send, at send time, by the template its
 * row names (template-registry.ts). Links carry a fresh single-use token
 * issued by the template in a transaction that first checks the worker still
 * holds the mail (`whileHeld`); the previous link of that user and purpose
 * stops working, so a retry never leaves two live links behind. Returns
 * undefined when the mail is no longer wanted (the address was verified
 * meanwhile, the account is gone or suspended).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { mailLinkBase } from './link-origin.ts';
import type { MailTemplates, OutboxRow, RenderedMail } from './template-registry.ts';

export type { OutboxRow } from './template-registry.ts';

export class LostClaimError extends Error {
  override name = 'LostClaimError';
}

export interface RenderDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  /** Config.allowedOrigins: the origins a mail a request caused may link to instead of APP_URL (link-origin.ts). */
  linkOrigins: readonly string[];
  leaseMs: number;
  /** Every feature's templates, by name (server/mail-templates.ts). */
  templates: MailTemplates;
}

export function createMailRenderer({ db, clock, appUrl, linkOrigins, leaseMs, templates }: RenderDeps) {
  function whileHeld<T>(mail: OutboxRow, claimId: string, write: (tx: Database, now: Date) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const now = clock();
      const [held] = await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimId, claimId), eq(mailOutbox.status, 'pending')))
        .returning({ id: mailOutbox.id });
      if (!held) throw new LostClaimError(`mail ${mail.id} is no longer held by this worker`);
      return write(tx, now);
    });
  }

  return async function renderMail(mail: OutboxRow, claimId: string): Promise<RenderedMail | undefined> {
    const template = templates[mail.template];
    // To the operator, not to the user it names: the check of the recipient below is for users' own mail.
    if (template.to === 'operator') return template.render(mail);
    const [user] = await db
      .select({ email: users.email, displayName: users.displayName, role: users.role, emailVerified: users.emailVerified, suspensionInfo: users.suspensionInfo })
      .from(users)
      .where(eq(users.id, mail.params.userId));
    // An `address` mail goes where its row says, about an account that must still exist.
    if (!user || (template.to === 'user' && user.email !== mail.recipient)) return undefined;
    return template.render({
      row: mail,
      user,
      name: user.emailVerified ? user.displayName : undefined,
      // The person's own mail, asked for by their request: its links go where their session is.
      ownLinks: mailLinkBase(mail.params.linkOrigin, linkOrigins, appUrl),
      whileHeld: (write) => whileHeld(mail, claimId, write),
    });
  };
}

export type MailRenderer = ReturnType<typeof createMailRenderer>;
