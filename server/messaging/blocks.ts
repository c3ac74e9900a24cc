/** The members a creator has blocked: they can neither write to the creator nor comment on the site. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { blocks } from '../../db/messaging-schema.ts';

export async function isBlocked(db: Database, siteId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: blocks.userId }).from(blocks).where(and(eq(blocks.siteId, siteId), eq(blocks.userId, userId))).limit(1);
  return row !== undefined;
}

export async function block(db: Database, siteId: string, userId: string): Promise<void> {
  await db.insert(blocks).values({ siteId, userId }).onConflictDoNothing();
}

export async function unblock(db: Database, siteId: string, userId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.siteId, siteId), eq(blocks.userId, userId)));
}
