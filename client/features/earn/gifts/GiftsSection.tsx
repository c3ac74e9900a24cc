/**
 * The "Gifts" section of /earn (DESIGN.md "More ways to be paid"): the link to the site's gift page to share, the
 * totals, and each gift sold with its buyer, recipient, tier, months, status, amount and dates. The buyer's message is
 * shown as text, as React writes every value.
 */
import { useId } from 'react';
import * as giftsApi from '../../../../common/api/gifts.ts';
import type { GiftView } from '../../../../common/api/gifts.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney } from '../../../../common/money.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { GIFT_STATUS_LABELS, GIFTS_EMPTY, GIFTS_INTRO } from '../../../content/gifts.ts';
import { call } from '../../../lib/api.ts';
import { usePagedLoad } from '../../../lib/usePagedLoad.ts';
import { PublicPageLink } from '../PublicPageLink.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const monthsWords = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

/** Where the gift is on its way: to be sent on a day, sent, redeemed and until when. */
function progressWords(gift: GiftView): string {
  if (gift.status === 'redeemed' && gift.redeemedAt) return `Redeemed ${day(gift.redeemedAt)}${gift.redeemedByName ? ` by ${gift.redeemedByName}` : ''}${gift.endsAt ? `, ends ${day(gift.endsAt)}` : ''}`;
  if (gift.status === 'paid' && gift.sendAt) return `Sends ${day(gift.sendAt)}`;
  if (gift.sentAt) return gift.recipientEmail ? `Sent ${day(gift.sentAt)}` : `Link sent to the buyer ${day(gift.sentAt)}`;
  return '';
}

export function GiftItem({ gift }: { gift: GiftView }) {
  const buyer = gift.buyerName ?? gift.buyerEmail ?? 'Someone';
  const progress = progressWords(gift);
  return (
    <li className={gift.status === 'refunded' ? 'earn-list__item earn-list__item--inactive' : 'earn-list__item'}>
      <p className="earn-list__name">
        {monthsWords(gift.months)} of {gift.tierName} <span className="earn-badge earn-badge--spaced">{GIFT_STATUS_LABELS[gift.status]}</span>
      </p>
      <p>
        {formatMoney(gift.amount, gift.currency)} · from {buyer} · {gift.recipientEmail ? `to ${gift.recipientEmail}` : 'link passed on by the buyer'}
      </p>
      <p className="earn-list__meta">
        Bought {day(gift.createdAt)}
        {progress ? ` · ${progress}` : ''}
      </p>
      {gift.message && <blockquote className="earn-list__message">{gift.message}</blockquote>}
    </li>
  );
}

export function GiftsSection() {
  const headingId = useId();
  const { loaded, shown, loadingMore, more, startOver } = usePagedLoad(
    (page, signal) => call(giftsApi.listGifts, { query: { page }, signal }),
    (answer) => answer.gifts,
  );
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        Gifts
      </h2>
      <p className="earn-card__intro">{GIFTS_INTRO}</p>
      {loaded.state === 'loading' && !loadingMore && <Loading>Loading your gifts…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={startOver} />}
      {loaded.state === 'ready' && (
        <>
          {loaded.data.giftPageUrl && (
            <PublicPageLink name="gift page" url={loaded.data.giftPageUrl} />
          )}
          {loaded.data.totals.sold === 0 && loaded.data.gifts.length === 0 ? (
            <p className="earn-card__empty">{GIFTS_EMPTY}</p>
          ) : (
            <>
              <dl className="earn-stats">
                <div>
                  <dt>Sold</dt>
                  <dd>{loaded.data.totals.sold.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Redeemed</dt>
                  <dd>{loaded.data.totals.redeemed.toLocaleString()}</dd>
                </div>
                <div>
                  <dt>Revenue</dt>
                  <dd>{formatMoney(loaded.data.totals.revenue, loaded.data.totals.currency ?? 'usd')}</dd>
                </div>
              </dl>
              <ul className="earn-list">
                {shown.map((gift) => (
                  <GiftItem key={gift.id} gift={gift} />
                ))}
              </ul>
              {loaded.data.hasMore && (
                <button className="button button--secondary" type="button" onClick={more}>
                  Show more gifts
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
