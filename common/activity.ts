/** The kinds of event on a creator's Recent Activity (DESIGN.md "Reports, activity, support"). */
export const ACTIVITY_TYPES = [
  'joined',
  'upgraded',
  'downgraded',
  'changed-tier',
  'canceled',
  'payment-failed',
  'comped',
  'imported',
  'commented',
  'messaged',
  'post-published',
  'email-sent',
  'offer-redeemed',
  'gift-bought',
  'gift-redeemed',
  'tipped',
  'product-sold',
  'refunded',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What the activity list says of each kind, and the filter's option label. */
export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  joined: 'Joined',
  upgraded: 'Upgraded',
  downgraded: 'Downgraded',
  'changed-tier': 'Changed tier',
  canceled: 'Canceled',
  'payment-failed': 'Payment failed',
  comped: 'Comped',
  imported: 'Imported',
  commented: 'Commented',
  messaged: 'Messaged',
  'post-published': 'Post published',
  'email-sent': 'Email sent',
  'offer-redeemed': 'Offer redeemed',
  'gift-bought': 'Gift bought',
  'gift-redeemed': 'Gift redeemed',
  tipped: 'Tipped',
  'product-sold': 'Product sold',
  refunded: 'Refunded',
};

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;
