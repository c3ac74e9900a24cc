/**
 * The "Products" section of /earn (DESIGN.md "More ways to be paid"): each product with its price, files, sales and
 * revenue, its page's link (copied with one button) and its sales on demand; made and changed in a dialog
 * (ProductForm.tsx); removed after a confirmation (one that sold is archived and its buyers keep their files; one
 * never sold is deleted). The price is in the site's currency, which its tiers hold.
 */
import { useId, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import * as productsApi from '../../../../common/api/products.ts';
import type { ProductView } from '../../../../common/api/products.ts';
import * as tiersApi from '../../../../common/api/tiers.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { formatMoney } from '../../../../common/money.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { PRODUCT_STATUS_LABELS, PRODUCTS_EMPTY, PRODUCTS_INTRO, PRODUCTS_NO_FILES } from '../../../content/products.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { CopyLinkButton } from '../CopyLinkButton.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductSales } from './ProductSales.tsx';
import { sellableMedia } from './sellable-media.ts';
import './products.css';

/** The site's currency, as the server reads it: its paid tiers', else its free tier's. */
const currencyOf = (tiers: tiersApi.TierView[]) => (tiers.find((tier) => tier.type === 'paid') ?? tiers[0])?.currency ?? 'usd';

const salesWords = (product: ProductView) =>
  product.sales.count === 0 ? 'No sales yet' : `${product.sales.count.toLocaleString()} ${product.sales.count === 1 ? 'sale' : 'sales'} · ${formatMoney(product.sales.revenue, product.currency)} revenue`;

export function ProductsSection() {
  const headingId = useId();
  const { loaded, reload } = useLoad(async (signal) => {
    const [products, tiers, media] = await Promise.all([call(productsApi.listProducts, { signal }), call(tiersApi.listTiers, { signal }), call(mediaApi.listMedia, { signal, query: { status: 'ready' } })]);
    return { products: products.products, currency: currencyOf(tiers.tiers), ...sellableMedia(media.media) };
  });
  /** The list as this section changed it (made, edited, removed), over the one loaded. */
  const [changed, setChanged] = useState<ProductView[]>();
  const products = loaded.state === 'ready' ? (changed ?? loaded.data.products) : undefined;
  const [form, setForm] = useState<{ editing?: ProductView }>();
  const [removing, setRemoving] = useState<ProductView>();
  const [showingSales, setShowingSales] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();

  const update = (change: (current: ProductView[]) => ProductView[]) => {
    if (loaded.state !== 'ready') return;
    setChanged((current = loaded.data.products) => change(current));
  };

  const remove = async () => {
    if (!removing || busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await call(productsApi.deleteProduct, { params: { id: removing.id } });
      const archived = answer.product;
      update((current) => (archived ? current.map((one) => (one.id === archived.id ? archived : one)) : current.filter((one) => one.id !== removing.id)));
      const archivedWords =
        removing.sales.count > 0 ? `${removing.title} is archived: it is off your site, and its buyers keep their files.` : `${removing.title} is archived, not deleted: someone is at Checkout for it, and gets it if they pay.`;
      setMessage({ tone: 'success', text: archived ? archivedWords : `${removing.title} is deleted.` });
      setRemoving(undefined);
    } catch (error) {
      setFailure(SERVER_MESSAGES[toErrorCode(error)]);
    } finally {
      setBusy(false);
    }
  };

  const ready = loaded.state === 'ready' ? loaded.data : undefined;
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        Products
      </h2>
      <p className="earn-card__intro">{PRODUCTS_INTRO}</p>
      {message && <LiveMessage tone={message.tone}>{message.text}</LiveMessage>}
      {loaded.state === 'loading' && <Loading>Loading your products…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
      {products && products.length === 0 && <p className="earn-card__empty">{ready?.files.length === 0 ? PRODUCTS_NO_FILES : PRODUCTS_EMPTY}</p>}
      {products && products.length > 0 && (
        <ul className="earn-list">
          {products.map((product) => (
            <li key={product.id} className={product.status === 'active' ? 'earn-list__item earn-list__item--row' : 'earn-list__item earn-list__item--row earn-list__item--inactive'}>
              <div className="earn-list__text">
                <p className="earn-list__name">
                  {product.title} <span className="earn-badge">{PRODUCT_STATUS_LABELS[product.status]}</span>
                </p>
                <p>
                  {formatMoney(product.price, product.currency)} · {product.files.length === 1 ? '1 file' : `${product.files.length} files`}
                </p>
                <p className="earn-list__meta">{salesWords(product)}</p>
                {product.status === 'active' && (
                  <p className="products-list__link">
                    <a href={product.url} target="_blank" rel="noreferrer">
                      {product.url}
                    </a>
                  </p>
                )}
              </div>
              <div className="earn-list__actions">
                {product.status === 'active' && <CopyLinkButton url={product.url} label={product.title} />}
                <Button variant="ghost" aria-expanded={showingSales === product.id} aria-controls={`sales-${product.id}`} onClick={() => setShowingSales(showingSales === product.id ? undefined : product.id)}>
                  {showingSales === product.id ? 'Hide sales' : 'Sales'}
                </Button>
                {product.status === 'active' && (
                  <>
                    <Button variant="ghost" aria-label={`Edit ${product.title}`} onClick={() => setForm({ editing: product })}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`${product.sales.count > 0 ? 'Archive' : 'Delete'} ${product.title}`}
                      onClick={() => {
                        setFailure(undefined);
                        setRemoving(product);
                      }}
                    >
                      {product.sales.count > 0 ? 'Archive' : 'Delete'}
                    </Button>
                  </>
                )}
              </div>
              {showingSales === product.id && (
                <div id={`sales-${product.id}`} className="products-list__sales">
                  <ProductSales productId={product.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {ready && ready.files.length > 0 && (
        <div>
          <Button onClick={() => setForm({})}>New product</Button>
        </div>
      )}
      {ready && (
        <ProductForm
          open={form !== undefined}
          editing={form?.editing}
          currency={ready.currency}
          files={ready.files}
          images={ready.images}
          onClose={() => setForm(undefined)}
          onSaved={(product) => {
            update((current) => (current.some((one) => one.id === product.id) ? current.map((one) => (one.id === product.id ? product : one)) : [product, ...current]));
            setMessage({ tone: 'success', text: form?.editing ? `${product.title} is saved.` : `${product.title} is on sale.` });
            setForm(undefined);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={removing && removing.sales.count > 0 ? `Archive ${removing.title}?` : `Delete ${removing?.title ?? 'this product'}?`}
        confirmLabel={removing && removing.sales.count > 0 ? 'Archive product' : 'Delete product'}
        cancelLabel="Keep it"
        danger
        busy={busy}
        error={failure}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(undefined)}
      >
        <p>
          {removing && removing.sales.count > 0
            ? 'It leaves your site at once and cannot be bought again. Everyone who bought it keeps their files. This cannot be undone.'
            : 'It leaves your site at once. Nobody bought it, so nothing else changes. This cannot be undone.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
