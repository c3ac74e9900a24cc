/**
 * The floor of the Checkout row: a bare Express 5 app that does the least any server opening a tip's Checkout must do,
 * parse the JSON body, make the same `stripe` SDK call as the bare one and answer its URL. No database, no checks, no
 * rate limit, no record of the sale: what it costs beyond the bare call is the HTTP hop itself, which the product pays
 * too and no implementation can avoid.
 */
import express from 'express';
import Stripe from 'stripe';

const apiUrl = new URL(process.env.STRIPE_API_URL!);
const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { host: apiUrl.hostname, port: Number(apiUrl.port), protocol: apiUrl.protocol === 'https:' ? 'https' : 'http' });
const stripeAccount = process.env.PEER_STRIPE_ACCOUNT!;
const siteUrl = process.env.PEER_SITE_URL!;

const app = express();

app.post('/tip', express.json({ limit: '8kb' }), async (req, res) => {
  const { amount, key } = req.body as { amount: number; key: string };
  const metadata = { saleId: key, kind: 'tip' };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'A tip for Harbour Sounds' } }, quantity: 1 }],
      metadata,
      payment_intent_data: { metadata },
      success_url: `${siteUrl}/tip?tipped=1`,
      cancel_url: `${siteUrl}/tip`,
    },
    { stripeAccount, idempotencyKey: key },
  );
  res.json({ url: session.url });
});

app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
