/**
 * The empty account a typed address makes on a join page (docs/decisions/145):
 * no password, nothing proven, a member of nothing. It only gave a mail
 * someone to go to, so it must not keep the address's owner out (review M3,
 * docs/decisions/152): their sign-up becomes it, and their change of address
 * to it removes it.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from './session.ts';

/** The account holding `email` when it is such an empty one (locked for the caller's transaction), else undefined. */
export async function placeholderAccount(tx: Database, email: string): Promise<UserRow | undefined> {
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  if (!existing || existing.emailVerified || existing.passwordHash !== null || existing.role !== 'member') return undefined;
  const [member] = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, existing.id)).limit(1);
  return member ? undefined : existing;
}
