/**
 * Reference peer for row 2: a bare Express 5 app doing one primary-key select
 * of a session joined to its user, through the same driver (postgres.js with
 * drizzle), for the same cookie, answering the same JSON as the product.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import express from 'express';
import postgres from 'postgres';
import { sessions, users } from '../../db/schema.ts';
import { toPublicUser } from '../../server/auth/public-user.ts';

const db = drizzle(postgres(process.env.DATABASE_URL!, { max: 10 }));
const lookup = db
  .select({ session: sessions, user: users })
  .from(sessions)
  .innerJoin(users, eq(sessions.userId, users.id))
  .where(eq(sessions.id, sql.placeholder('id')))
  .prepare('peer_session_lookup');

const app = express();
app.get('/api/auth/me', async (req, res) => {
  const token = /session=([a-z2-7]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const [row] = await lookup.execute({ id: encodeHexLowerCase(sha256(new TextEncoder().encode(token))) });
  res.set('Cache-Control', 'no-store').json({ user: row ? toPublicUser(row.user) : null });
});
app.get('/', (_req, res) => {
  res.send('ok');
});
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
