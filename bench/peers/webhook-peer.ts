/**
 * Reference peer of the webhook row: a bare Express 5 app doing the least a
 * correct Stripe webhook handler does, by hand, through the same driver
 * (postgres.js) and the same `stripe` SDK: check the signature on the raw
 * body, record the event id once, read the subscription as it is now from
 * Stripe, write its status and period. No registry, no history rows, no
 * tier matching, no request log.
 */
import express from 'express';
import postgres from 'postgres';
import Stripe from 'stripe';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const apiUrl = new URL(process.env.STRIPE_API_URL!);
const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { host: apiUrl.hostname, port: Number(apiUrl.port), protocol: apiUrl.protocol === 'https:' ? 'https' : 'http' });
const secret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET!;

await sql`create table if not exists peer_events (id text primary key)`;
await sql`create table if not exists peer_subscriptions (id text primary key, status text not null, period_end timestamptz, updated_at timestamptz not null)`;

const app = express();

app.post('/webhook', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(req.body as Buffer, String(req.headers['stripe-signature']), secret);
  } catch {
    res.status(400).end();
    return;
  }
  const [fresh] = await sql`insert into peer_events (id) values (${event.id}) on conflict do nothing returning id`;
  if (fresh && event.type.startsWith('customer.subscription.') && event.account) {
    const sent = event.data.object as Stripe.Subscription;
    const current = await stripe.subscriptions.retrieve(sent.id, {}, { stripeAccount: event.account });
    const periodEnd = current.items.data[0]?.current_period_end;
    await sql`insert into peer_subscriptions (id, status, period_end, updated_at)
      values (${current.id}, ${current.status}, ${periodEnd ? new Date(periodEnd * 1000) : null}, now())
      on conflict (id) do update set status = excluded.status, period_end = excluded.period_end, updated_at = excluded.updated_at`;
  }
  res.json({ received: true });
});

app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
