import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GiftView } from '../../../../common/api/gifts.ts';
import { GiftItem } from './GiftsSection.tsx';

const gift = (overrides: Partial<GiftView> = {}): GiftView => ({
  id: 'g1',
  tierId: 't1',
  tierName: 'Supporter',
  months: 3,
  status: 'sent',
  amount: 1500,
  currency: 'usd',
  buyerName: null,
  buyerEmail: 'buyer@example.com',
  recipientEmail: 'friend@example.com',
  message: '',
  sendAt: null,
  sentAt: '2026-11-28T10:00:00.000Z',
  redeemedAt: null,
  redeemedByName: null,
  endsAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const render = (view: GiftView) => renderToStaticMarkup(<ul><GiftItem gift={view} /></ul>);

describe('GiftItem', () => {
  it('names the months, tier, status, amount, buyer and recipient', () => {
    const html = render(gift());
    expect(html).toContain('3 months of Supporter');
    expect(html).toContain('>Sent<');
    expect(html).toContain('$15.00 · from buyer@example.com · to friend@example.com');
  });

  it('says a gift with no recipient was passed on by the buyer, and when a redeemed one ends', () => {
    const html = render(gift({ recipientEmail: null, status: 'redeemed', redeemedAt: '2026-11-29T10:00:00.000Z', redeemedByName: 'Sam', endsAt: '2027-02-28T10:00:00.000Z' }));
    expect(html).toContain('link passed on by the buyer');
    expect(html).toMatch(/Redeemed .+ by Sam, ends .+2027/);
  });

  it('shows the buyer message as text, never as markup', () => {
    const html = render(gift({ message: '<img src=x onerror=alert(1)> hi' }));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; hi');
    expect(html).not.toContain('<img');
  });
});
