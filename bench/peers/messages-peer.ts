/**
 * Reference peer of the send-a-message row: a bare Express 5 app that parses
 * the JSON body, inserts the same row into the product's own `messages` table
 * and issues the same NOTIFY, in one transaction, through the same driver
 * (postgres.js). No session, no membership or block check, no rate limit, no
 * request log.
 */
import express from 'express';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const conversationId = process.env.CONVERSATION_ID!;
const siteId = process.env.SITE_ID!;
const authorId = process.env.AUTHOR_ID!;
const ownerId = process.env.OWNER_ID!;

const app = express();

app.get('/', (_req, res) => {
  res.send('ok');
});

app.post('/messages', express.json({ limit: '64kb' }), async (req, res) => {
  const given = (req.body as { text?: unknown }).text;
  const text = typeof given === 'string' ? given : '';
  const [row] = await sql.begin(async (tx) => {
    const inserted = await tx`insert into messages (conversation_id, site_id, author_id, sender, body) values (${conversationId}, ${siteId}, ${authorId}, 'member', ${text}) returning id, created_at`;
    await tx`select pg_notify('message_posted', ${JSON.stringify({ id: Number(inserted[0]!.id), ownerId, memberId: authorId })})`;
    return inserted;
  });
  res.status(201).json({ message: { id: Number(row!.id), text, createdAt: row!.created_at as Date } });
});

app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
