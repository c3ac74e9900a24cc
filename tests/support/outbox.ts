/** Mail queued straight into the outbox, for tests of the worker and the CLI: each row names a verified user of its own. */
import type { Database } from '../../db/connect.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { MAIL_SUBJECTS } from '../../server/mail/subjects.ts';

type OutboxValues = Partial<typeof mailOutbox.$inferInsert>;

/** Queues a "password changed" notice (a mail without a link) to each recipient, with `values` on top. */
export async function queueTestMail(db: Database, recipients: string[], values: OutboxValues | ((index: number) => OutboxValues) = {}): Promise<void> {
  const created = await db
    .insert(users)
    .values(recipients.map((email) => buildNewUser({ email, fullName: 'Outbox Tester', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() })))
    .returning({ id: users.id, email: users.email });
  await db.insert(mailOutbox).values(
    created.map((user, index) => ({
      recipient: user.email,
      subject: MAIL_SUBJECTS['password-changed'],
      template: 'password-changed' as const,
      params: { userId: user.id },
      ...(typeof values === 'function' ? values(index) : values),
    })),
  );
}
