/** The words of the studio's gifts (client/features/earn/gifts/). */
import type { GiftStatus } from '../../common/earn.ts';

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  paid: 'To be sent',
  sent: 'Sent',
  redeemed: 'Redeemed',
  refunded: 'Refunded',
};

export const GIFTS_INTRO = 'Anyone can buy 1, 3, 6 or 12 months of a paid tier for someone. The recipient redeems it from an e-mail and is a member until it ends: nothing renews.';
export const GIFTS_EMPTY = 'No gifts yet. Share your gift page so readers can give your site to a friend.';
