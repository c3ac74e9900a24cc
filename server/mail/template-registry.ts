/**
 * The template registry: how the mail worker knows a template by its name
 * (MAIL_TEMPLATES, db/mail-outbox-schema.ts) without knowing any feature. Each feature
 * writes its own mails and hands them in as entries of a `MailTemplates`
 * object that the composition root assembles (server/mail-templates.ts) and
 * gives the worker; the type asks for every template, so one left out does
 * not compile (docs/decisions/134).
 */
import type { Database } from '../../db/connect.ts';
import type { mailOutbox, MailTemplate, users } from '../../db/schema.ts';
import type { MailContent } from './action-mail.ts';
import type { OutgoingMail } from './transport.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** What the worker reads of the user a mail names before it asks the template. */
export type MailUser = Pick<typeof users.$inferSelect, 'email' | 'displayName' | 'role' | 'emailVerified' | 'suspensionInfo'>;

/** A mail ready to go: its words, and the sender's name when it is not MAIL_FROM's. */
export type RenderedMail = MailContent & Pick<OutgoingMail, 'from'>;

/** A user's own mail as the worker hands it to its template, once it has checked the user still has that address. */
export interface UserMail {
  row: OutboxRow;
  user: MailUser;
  /** The greeting's name: only a verified address's own. */
  name: string | undefined;
  /** Where the person's own mail links, asked for by their request: where their session is (link-origin.ts). */
  ownLinks: URL;
  /**
   * Runs `write` in a transaction that first checks the worker still holds the
   * mail and extends its lease; throws LostClaimError when it no longer does.
   * For the single-use token of a link (render.ts).
   */
  whileHeld: <T>(write: (tx: Database, now: Date) => Promise<T>) => Promise<T>;
}

/**
 * One template. A `user` mail goes to the user the row names, at the address
 * they still have; an `address` mail is about the user the row names but goes
 * to the row's own recipient, which need not be (or no longer is) the user's
 * address (an e-mail change: the link to the new address, the notice to the old
 * one); an `operator` mail goes to the operator and is rendered from the row
 * alone. `render` answers undefined when the mail is no longer wanted, and the
 * worker cancels it.
 */
export type MailTemplateEntry =
  | { to: 'user' | 'address'; render(mail: UserMail): Promise<RenderedMail | undefined> }
  | { to: 'operator'; render(row: OutboxRow): Promise<RenderedMail | undefined> };

export type MailTemplates = { readonly [Name in MailTemplate]: MailTemplateEntry };
