/**
 * The creator's notice of a sale (the mail registry's `new-sale`) and the sales of a day in the digest of new
 * members, both read from the `sales` ledger and each kind's own row when the mail is sent. What a buyer wrote (a
 * tip's message) is their words: the mail carries it as text, escaped in the HTML as every value is.
 */
import { and, asc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { SaleKind } from '../../common/earn.ts';
import { formatMoney } from '../../common/money.ts';
import type { Database } from '../../db/connect.ts';
import { posts, tiers } from '../../db/content-schema.ts';
import { gifts, productPurchases, products, sales, tips } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { actionMail, oneLine, type MailContent, type MailList } from '../mail/index.ts';

/** A message in a digest's line is cut here; the notice each time carries it whole. */
const DIGEST_MESSAGE_MAX = 140;
/** Sales a digest lists; the rest are counted. */
const DIGEST_SALES_MAX = 50;

interface SaleLine {
  id: string;
  kind: SaleKind;
  amount: number;
  currency: string;
  /** Their name, else their address. */
  buyerName: string;
  /** Their name and address, as the creator's mails name a member. */
  buyer: string;
  message: string;
  postTitle: string | null;
  giftMonths: number | null;
  tierName: string | null;
  productTitle: string | null;
}

const EARN_ANCHOR: Record<SaleKind, string> = { tip: 'tips', gift: 'gifts', product: 'products' };
export const earnLink = (appUrl: URL, kind: SaleKind) => new URL(`/earn#${EARN_ANCHOR[kind]}`, appUrl).href;

async function saleLines(db: Database, where: SQL | undefined): Promise<SaleLine[]> {
  const rows = await db
    .select({
      id: sales.id,
      kind: sales.kind,
      amount: sales.amount,
      currency: sales.currency,
      fullName: users.fullName,
      displayName: users.displayName,
      userEmail: users.email,
      buyerEmail: sales.buyerEmail,
      message: tips.message,
      postTitle: posts.title,
      giftMonths: gifts.months,
      tierName: tiers.name,
      productTitle: products.title,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.buyerUserId))
    .leftJoin(tips, eq(tips.saleId, sales.id))
    .leftJoin(posts, eq(posts.id, tips.postId))
    .leftJoin(gifts, eq(gifts.saleId, sales.id))
    .leftJoin(tiers, eq(tiers.id, gifts.tierId))
    .leftJoin(productPurchases, eq(productPurchases.saleId, sales.id))
    .leftJoin(products, eq(products.id, productPurchases.productId))
    .where(where)
    .orderBy(asc(sales.paidAt), asc(sales.id));
  return rows.map((row) => {
    const email = row.userEmail ?? row.buyerEmail ?? '';
    const name = oneLine(row.fullName || row.displayName || '');
    return {
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      currency: row.currency,
      buyerName: name || email || 'Someone',
      buyer: name && email ? `${name} (${email})` : name || email || 'Someone',
      message: (row.message ?? '').trim(),
      postTitle: row.postTitle === null ? null : oneLine(row.postTitle),
      giftMonths: row.giftMonths,
      tierName: row.tierName === null ? null : oneLine(row.tierName),
      productTitle: row.productTitle === null ? null : oneLine(row.productTitle),
    };
  });
}

const monthsOf = (months: number) => (months === 1 ? '1 month' : `${months} months`);

/** What was bought, in a few words: "a tip under “Post”", "3 months of Supporter as a gift", "“The guide”". */
function whatOf(line: SaleLine): string {
  if (line.kind === 'tip') return line.postTitle ? `a tip under “${line.postTitle}”` : 'a tip';
  if (line.kind === 'gift') return line.giftMonths && line.tierName ? `a gift of ${monthsOf(line.giftMonths)} of ${line.tierName}` : 'a gift';
  return line.productTitle ? `“${line.productTitle}”` : 'a product';
}

function subjectOf(line: SaleLine, money: string): string {
  if (line.kind === 'tip') return `New tip: ${money} from ${line.buyerName}`;
  if (line.kind === 'gift') return line.giftMonths && line.tierName ? `New gift: ${money} for ${monthsOf(line.giftMonths)} of ${line.tierName}` : `New gift: ${money}`;
  return line.productTitle ? `New sale: ${money} for “${line.productTitle}”` : `New sale: ${money}`;
}

/** The notice each time: one sale, with the buyer's message when there is one. */
export function newSaleMail(name: string | undefined, sale: { line: SaleLine; siteTitle: string; link: string }): MailContent {
  const { line } = sale;
  const money = formatMoney(line.amount, line.currency);
  const message = line.message ? ` Their message: “${line.message}”` : '';
  return actionMail(oneLine(subjectOf(line, money)), {
    greetingName: name,
    intro: `${line.buyer} paid ${money} for ${whatOf(line)} on ${sale.siteTitle}.${message}`,
    actionLabel: 'See it in Earn',
    actionUrl: sale.link,
    outro: 'The money goes to your own Stripe account. You get this e-mail each time because you chose it for paying members. Change it under Settings, Advanced, in your studio.',
  });
}

/** The sale a `new-sale` mail is about, if it is still the site's and was paid. */
export async function saleLineOf(db: Database, siteId: string, saleId: string): Promise<SaleLine | undefined> {
  const [line] = await saleLines(db, and(eq(sales.id, saleId), eq(sales.siteId, siteId), isNotNull(sales.paidAt)));
  return line;
}

/** A day's paid sales as the digest's list, each line linking to its section of Earn; undefined on a day without. */
export async function salesOfDay(db: Database, appUrl: URL, siteId: string, bounds: { start: Date; end: Date }): Promise<{ list: MailList; count: number } | undefined> {
  const lines = await saleLines(db, and(eq(sales.siteId, siteId), gte(sales.paidAt, bounds.start), lt(sales.paidAt, bounds.end)));
  if (lines.length === 0) return undefined;
  const items = lines.slice(0, DIGEST_SALES_MAX).map((line) => {
    const message = line.message.length > DIGEST_MESSAGE_MAX ? `${line.message.slice(0, DIGEST_MESSAGE_MAX - 1)}…` : line.message;
    return { label: `${formatMoney(line.amount, line.currency)}, ${whatOf(line)}, from ${line.buyer}${message ? `: “${oneLine(message)}”` : ''}`, url: earnLink(appUrl, line.kind) };
  });
  return { list: { heading: 'Sales', items, more: Math.max(0, lines.length - DIGEST_SALES_MAX) }, count: lines.length };
}
