/**
 * A creator's inbox with many conversations, written straight into the tables
 * in three bulk inserts: `count` members, each with one conversation and one
 * unread message. `tied` conversations at a time share their last message's
 * instant (to the microsecond, as Postgres's own clock gives it), so only the
 * id orders them; every other message mentions the lighthouse (search).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';

export async function seedInbox(db: Database, siteId: string, count: number, label: string, tied = 1): Promise<{ memberNames: string[] }> {
  const people = Array.from({ length: count }, (_, index) => ({
    id: `${label}-${process.pid}-${index}`,
    email: `${label}-${process.pid}-${index}@example.com`,
    fullName: `${label} member ${index}`,
    displayName: 'Fan',
    username: `${label}${index}`,
    niche: '',
    role: 'member' as const,
  }));
  await db.insert(users).values(people);
  const made = await db
    .insert(conversations)
    .values(
      people.map((person, index) => ({
        siteId,
        memberId: person.id,
        lastMessageAt: sql`timestamptz '2026-11-01 12:00:00.123456+00' - ${Math.floor(index / tied)} * interval '1 minute'`,
      })),
    )
    .returning({ id: conversations.id, memberId: conversations.memberId });
  await db.insert(messages).values(
    made.map((conversation, index) => ({
      conversationId: conversation.id,
      siteId,
      authorId: conversation.memberId,
      sender: 'member' as const,
      body: index % 2 === 0 ? `Could you record the lighthouse, take ${index}?` : `Thanks for episode ${index}`,
    })),
  );
  return { memberNames: people.map((person) => person.fullName) };
}
