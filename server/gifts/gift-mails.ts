/**
 * The gift's mails, in the site's name and look (docs/decisions/142): `gift-received` to the recipient with the redeem
 * link, `gift-receipt` to the buyer (with the link when they named no recipient, to pass on themselves), and
 * `gift-ending` to the member a week before the gift's months end. Rendered when sent: the redeem code is made then,
 * its SHA-256 stored in the transaction that checks the worker still holds the mail, so the outbox never holds a usable
 * code and a retried mail leaves only its own code working. A gift refunded or redeemed meanwhile is not mailed.
 * Everything the buyer typed (their name, the message) lands in the mail as text.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { gifts, sales } from '../../db/earn-schema.ts';
import { users, type MailTemplate } from '../../db/schema.ts';
import { generateSecretToken, hashToken } from '../auth/index.ts';
import { enqueueMail, siteActionMail, siteSender, type MailBrand, type MailTemplates, type UserMail } from '../mail/index.ts';
import { loadMailBrand } from '../sites/index.ts';

type GiftTemplate = Extract<MailTemplate, 'gift-received' | 'gift-receipt' | 'gift-ending'>;

/**
 * The row names the site's owner as its user (a mail must be about an account that exists) and goes to its own
 * recipient: the recipient or the buyer may have no account, and their address is the one they gave.
 */
export async function enqueueGiftMail(tx: Database, mail: { template: GiftTemplate; recipient: string; userId: string; siteId: string; giftId: string }, now: Date): Promise<void> {
  await enqueueMail(tx, mail, now);
}

const longDate = (date: Date) => date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;
const siteLink = (brand: MailBrand, path: string) => `${brand.url.replace(/\/$/, '')}${path}`;

async function giftOf(db: Database, giftId: string | undefined, siteId: string | undefined) {
  if (!giftId || !siteId) return undefined;
  const [row] = await db
    .select({ gift: gifts, tierName: tiers.name, buyerName: users.displayName, buyerVerified: users.emailVerified })
    .from(gifts)
    .innerJoin(tiers, eq(tiers.id, gifts.tierId))
    .innerJoin(sales, eq(sales.id, gifts.saleId))
    .leftJoin(users, eq(users.id, sales.buyerUserId))
    .where(and(eq(gifts.id, giftId), eq(gifts.siteId, siteId)));
  return row;
}

/** A fresh code for a gift still waiting to be redeemed, stored as its hash; undefined once redeemed or refunded. */
async function freshCode(mail: UserMail, giftId: string): Promise<string | undefined> {
  const code = generateSecretToken();
  const [stored] = await mail.whileHeld((tx) =>
    tx
      .update(gifts)
      .set({ codeHash: hashToken(code) })
      .where(and(eq(gifts.id, giftId), inArray(gifts.status, ['paid', 'sent'])))
      .returning({ id: gifts.id }),
  );
  return stored ? code : undefined;
}

export function giftMailTemplates({ db, mailFrom }: { db: Database; mailFrom: string }): Pick<MailTemplates, GiftTemplate> {
  const from = (brand: MailBrand) => siteSender(brand, mailFrom);

  return {
    'gift-received': {
      to: 'address',
      async render(mail) {
        const { giftId, siteId } = mail.row.params;
        const found = await giftOf(db, giftId, siteId);
        const brand = siteId ? await loadMailBrand(db, mail.ownLinks, siteId) : undefined;
        if (!found || !brand || !['paid', 'sent'].includes(found.gift.status)) return undefined;
        const code = await freshCode(mail, found.gift.id);
        if (!code) return undefined;
        const { gift, tierName } = found;
        // Only a proven account's name: an unproven one's was typed by whoever used the address.
        const giver = found.buyerVerified && found.buyerName ? found.buyerName : 'Someone';
        const message = gift.message ? ` Their message: “${gift.message}”` : '';
        return {
          ...siteActionMail(`A gift for you: ${monthsText(gift.months)} of ${brand.title}`, brand, {
            greetingName: undefined,
            intro: `${giver} has given you ${monthsText(gift.months)} of ${tierName}, a membership of ${brand.title}.${message}`,
            actionLabel: 'Redeem your gift',
            actionUrl: siteLink(brand, `/gift/redeem?code=${encodeURIComponent(code)}`),
            outro: `The membership starts when you redeem it and ends by itself after ${monthsText(gift.months)}: nothing renews and nothing is charged. The link is yours: keep it to yourself.`,
          }),
          from: from(brand),
        };
      },
    },
    'gift-receipt': {
      to: 'address',
      async render(mail) {
        const { giftId, siteId } = mail.row.params;
        const found = await giftOf(db, giftId, siteId);
        const brand = siteId ? await loadMailBrand(db, mail.ownLinks, siteId) : undefined;
        if (!found || !brand || found.gift.status === 'refunded') return undefined;
        const { gift, tierName } = found;
        const what = `${monthsText(gift.months)} of ${tierName} on ${brand.title}`;
        const subject = `Your gift receipt: ${monthsText(gift.months)} of ${brand.title}`;
        if (!gift.recipientEmail) {
          const code = await freshCode(mail, gift.id);
          if (!code) return undefined;
          return {
            ...siteActionMail(subject, brand, {
              greetingName: undefined,
              intro: `Thank you for your gift of ${what}. Pass this link on to the person it is for: whoever opens it first can redeem it, once.`,
              actionLabel: 'The gift link',
              actionUrl: siteLink(brand, `/gift/redeem?code=${encodeURIComponent(code)}`),
              outro: 'Keep this e-mail until the gift is redeemed. The membership starts when it is redeemed, and nothing renews.',
            }),
            from: from(brand),
          };
        }
        const when = gift.sentAt || !gift.sendAt ? 'We have e-mailed it' : `We will e-mail it on ${longDate(gift.sendAt)}`;
        return {
          ...siteActionMail(subject, brand, {
            greetingName: undefined,
            intro: `Thank you for your gift of ${what}. ${when} to ${gift.recipientEmail}, with a link to redeem it.`,
            actionLabel: `Visit ${brand.title}`,
            actionUrl: brand.url,
            outro: 'The membership starts when it is redeemed, and nothing renews.',
          }),
          from: from(brand),
        };
      },
    },
    'gift-ending': {
      to: 'user',
      async render(mail) {
        const { giftId, siteId } = mail.row.params;
        const found = await giftOf(db, giftId, siteId);
        const brand = siteId ? await loadMailBrand(db, mail.ownLinks, siteId) : undefined;
        const { endsAt, redeemedByUserId, status } = found?.gift ?? {};
        if (!found || !endsAt || !redeemedByUserId || !brand || status !== 'redeemed') return undefined;
        const { gift, tierName } = found;
        // Still the comp this gift gave: a member who has since paid, or whose comp another gift made longer, is not told it ends.
        const [still] = await db
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.siteId, gift.siteId), eq(memberships.userId, redeemedByUserId), eq(memberships.status, 'comped'), eq(memberships.tierId, gift.tierId), eq(memberships.compExpiresAt, endsAt)));
        if (!still) return undefined;
        return {
          ...siteActionMail(`Your gift membership of ${brand.title} ends soon`, brand, {
            greetingName: mail.name,
            intro: `The gift of ${tierName} on ${brand.title} ends on ${longDate(endsAt)}. After that you stay a free member.`,
            actionLabel: `Keep ${tierName}`,
            actionUrl: siteLink(brand, `/join?tier=${encodeURIComponent(gift.tierId)}`),
            outro: 'Nothing is charged unless you subscribe.',
          }),
          from: from(brand),
        };
      },
    },
  };
}
