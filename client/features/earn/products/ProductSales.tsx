/** One product's sales (GET /api/products/:id/sales), loaded when the creator opens them: buyer, amount, status, day. */
import * as productsApi from '../../../../common/api/products.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney } from '../../../../common/money.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { PRODUCT_SALE_STATUS_LABELS, PRODUCT_SALES_EMPTY } from '../../../content/products.ts';
import { call } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : '');

export function ProductSales({ productId }: { productId: string }) {
  const { loaded, reload } = useLoadFor(productId, (id, signal) => call(productsApi.listProductSales, { params: { id }, signal }));
  if (loaded.state === 'loading') return <Loading>Loading sales…</Loading>;
  if (loaded.state === 'failed') return <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />;
  if (loaded.data.sales.length === 0) return <p className="earn-card__empty">{PRODUCT_SALES_EMPTY}</p>;
  return (
    <ul className="product-sales" aria-label="Sales">
      {loaded.data.sales.map((sale) => (
        <li key={sale.id} className="product-sales__item">
          <span className="product-sales__buyer">{sale.buyerEmail ?? 'A buyer'}</span>
          <span>{formatMoney(sale.amount, sale.currency)}</span>
          <span className="earn-badge">{PRODUCT_SALE_STATUS_LABELS[sale.status]}</span>
          <span className="earn-list__meta">{sale.status === 'refunded' ? `Refunded ${day(sale.refundedAt)}` : day(sale.paidAt)}</span>
        </li>
      ))}
    </ul>
  );
}
