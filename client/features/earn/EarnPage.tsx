/**
 * /earn (DESIGN.md "More ways to be paid"): the creator's one-time revenue of the last 30 days, then offers, gifts,
 * tips and products, each a section of its own (owned by its folder here) with its sales. Headed sections under a
 * jump list rather than tabs: everything is on one page for a screen reader's heading list and for search in the
 * page, and nothing is hidden at 320px.
 */
import type { ComponentType } from 'react';
import * as dashboardApi from '../../../common/api/dashboard.ts';
import { formatMoney } from '../../../common/money.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { siteErrorMessage } from '../../content/sites.ts';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { GiftsSection } from './gifts/GiftsSection.tsx';
import { OffersSection } from './offers/OffersSection.tsx';
import { ProductsSection } from './products/ProductsSection.tsx';
import { TipsSection } from './tips/TipsSection.tsx';
import '../overview/overview.css';
import '../settings/general/settings.css';
import './earn.css';

interface EarnSection {
  id: string;
  label: string;
  Section: ComponentType;
}

/** In the order DESIGN.md names them. */
const SECTIONS: readonly EarnSection[] = [
  { id: 'offers', label: 'Offers', Section: OffersSection },
  { id: 'gifts', label: 'Gifts', Section: GiftsSection },
  { id: 'tips', label: 'Tips', Section: TipsSection },
  { id: 'products', label: 'Products', Section: ProductsSection },
];

function OneTimeRevenue() {
  const { loaded, reload } = useLoad((signal) => call(dashboardApi.overview, { signal }));
  if (loaded.state === 'loading') return <Loading>Loading your revenue…</Loading>;
  if (loaded.state === 'failed') return <LoadFailed message={siteErrorMessage(loaded.code)} onRetry={reload} />;
  const { oneTime } = loaded.data.money;
  return (
    <dl className="overview-figures earn-revenue">
      <div className="overview-figure">
        <dt className="overview-figure__label">One-time revenue, last {oneTime.days} days</dt>
        <dd className="overview-figure__value">{oneTime.revenue.map((entry) => formatMoney(entry.amount, entry.currency)).join(' + ')}</dd>
        <dd className="overview-figure__detail">
          {oneTime.sales === 0 ? 'No sales yet: gifts, tips and products add up here.' : `${oneTime.sales.toLocaleString()} ${oneTime.sales === 1 ? 'sale' : 'sales'}, refunds taken off.`}
        </dd>
      </div>
    </dl>
  );
}

export default function EarnPage() {
  usePageMeta({ title: 'Earn | Creator Platform', robots: 'noindex' });
  return (
    <div className="overview studio earn">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">Earn</h1>
          <p className="overview__sub">Offers, gifts, tips and products. Readers pay through Stripe into your own account, and we take no cut.</p>
        </div>
      </header>
      <section aria-label="One-time revenue">
        <OneTimeRevenue />
      </section>
      {SECTIONS.length > 1 && (
        <nav className="earn-jump" aria-label="Sections of this page">
          <ul className="earn-jump__list">
            {SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <a className="earn-jump__link" href={`#${id}`}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {SECTIONS.map(({ id, Section }) => (
        <div key={id} id={id} className="earn-section">
          <Section />
        </div>
      ))}
    </div>
  );
}
