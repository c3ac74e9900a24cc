/**
 * Making or changing a product, in a dialog: its title (the address is suggested from it until the creator types
 * their own), a description, the price in the site's currency, the files picked from the media library (ready PDFs,
 * zips, audio and video) and an optional cover image. Each problem shows under its field, the form's own checks
 * first, then the server's (an address already used).
 */
import { useId, useState } from 'react';
import type { MediaItem } from '../../../../common/api/media.ts';
import * as productsApi from '../../../../common/api/products.ts';
import type { ProductView } from '../../../../common/api/products.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_TITLE_MAX_LENGTH } from '../../../../common/product-schemas.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { describedBy, FieldError, fieldHintId } from '../../../components/FieldError.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { PRODUCT_FILE_KIND_LABELS, PRODUCTS_NO_FILES } from '../../../content/products.ts';
import { call } from '../../../lib/api.ts';
import { checkDraft, draftOf, emptyDraft, withTitle, type ProductDraft, type ProductField } from './product-draft.ts';
import { fileKindOf, sizeWords } from './sellable-media.ts';

const FIELD_IDS: Record<ProductField, string> = {
  title: 'product-title',
  slug: 'product-slug',
  description: 'product-description',
  price: 'product-price',
  mediaIds: 'product-files',
  coverMediaId: 'product-cover',
};


interface ProductFormProps {
  /** The product being changed; undefined for a new one. */
  editing: ProductView | undefined;
  open: boolean;
  currency: string;
  /** The library's ready files a product may sell, and its ready images for a cover. */
  files: MediaItem[];
  images: MediaItem[];
  onClose: () => void;
  onSaved: (product: ProductView) => void;
}

export function ProductForm({ open, onClose, ...rest }: ProductFormProps) {
  const headingId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={headingId} className="product-form">
      {open && <ProductFormBody {...rest} headingId={headingId} onClose={onClose} />}
    </ModalDialog>
  );
}

function ProductFormBody({ editing, currency, files, images, headingId, onClose, onSaved }: Omit<ProductFormProps, 'open'> & { headingId: string }) {
  const [draft, setDraft] = useState<ProductDraft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const form = useFormSubmit<ProductField>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });
  const problems = form.errors;
  const set = <Key extends keyof ProductDraft>(key: Key, value: ProductDraft[Key], field: ProductField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    form.clearError(field);
  };
  const toggleFile = (id: string, chosen: boolean) => set('mediaIds', chosen ? [...draft.mediaIds, id] : draft.mediaIds.filter((one) => one !== id), 'mediaIds');
  // A file the product holds that is no longer in the list (deleted from the library) simply drops out on save.
  const chosenIds = draft.mediaIds.filter((id) => files.some((file) => file.id === id));

  const submit = form.handleSubmit({
    check: () => checkDraft({ ...draft, mediaIds: chosenIds }, currency).problems,
    send: async () => {
      const { body } = checkDraft({ ...draft, mediaIds: chosenIds }, currency);
      if (!body) return;
      try {
        const { product } = editing ? await call(productsApi.updateProduct, { params: { id: editing.id }, body }) : await call(productsApi.createProduct, { body });
        onSaved(product);
      } catch (error) {
        // The server's refusal of one field (an address already used, a file no longer ready) goes under that field.
        form.showFieldRefusal(error);
      }
    },
  });

  return (
    <form className="earn-form" onSubmit={submit} noValidate>
      <h2 id={headingId} className="modal-dialog__title">
        {editing ? `Edit ${editing.title}` : 'New product'}
      </h2>
      <FormField
        id={FIELD_IDS.title}
        label="Title"
        maxLength={PRODUCT_TITLE_MAX_LENGTH}
        counted
        value={draft.title}
        error={problems.title}
        onChange={(event) => {
          setDraft((current) => withTitle(current, event.target.value));
          form.clearError('title');
        }}
      />
      <FormField
        id={FIELD_IDS.slug}
        label="Address"
        hint={`The end of the product page's link: …/products/${draft.slug || 'your-product'}`}
        autoCapitalize="none"
        spellCheck={false}
        value={draft.slug}
        error={problems.slug}
        onChange={(event) => {
          setDraft((current) => ({ ...current, slug: event.target.value, slugEdited: true }));
          form.clearError('slug');
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor={FIELD_IDS.description}>
          Description (optional)
        </label>
        <textarea
          id={FIELD_IDS.description}
          className="field__input product-form__description"
          rows={5}
          maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
          value={draft.description}
          aria-invalid={problems.description ? true : undefined}
          aria-describedby={describedBy(FIELD_IDS.description, { hasHint: true, error: problems.description })}
          onChange={(event) => set('description', event.target.value, 'description')}
        />
        <p className="field__hint" id={fieldHintId(FIELD_IDS.description)}>
          Plain text; a blank line starts a new paragraph.
        </p>
        <FieldError fieldId={FIELD_IDS.description} message={problems.description} />
      </div>
      <FormField id={FIELD_IDS.price} label={`Price (${currency.toUpperCase()})`} inputMode="decimal" placeholder="12.00" value={draft.price} error={problems.price} onChange={(event) => set('price', event.target.value, 'price')} />
      <fieldset id={FIELD_IDS.mediaIds} className="product-form__files" tabIndex={-1} aria-invalid={problems.mediaIds ? true : undefined} aria-describedby={describedBy(FIELD_IDS.mediaIds, { error: problems.mediaIds })}>
        <legend className="field__label">Files</legend>
        {files.length === 0 && <p className="field__hint">{PRODUCTS_NO_FILES}</p>}
        {files.map((file) => (
          <label key={file.id} className="product-form__file">
            <input type="checkbox" checked={chosenIds.includes(file.id)} onChange={(event) => toggleFile(file.id, event.target.checked)} />{' '}
            <span className="product-form__file-name">{file.originalName}</span> <span className="product-form__file-meta">{[PRODUCT_FILE_KIND_LABELS[fileKindOf(file)!], sizeWords(file.bytes)].join(', ')}</span>
          </label>
        ))}
        <FieldError fieldId={FIELD_IDS.mediaIds} message={problems.mediaIds} />
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={FIELD_IDS.coverMediaId}>
          Cover image (optional)
        </label>
        <select
          id={FIELD_IDS.coverMediaId}
          className="field__input"
          value={draft.coverMediaId}
          aria-invalid={problems.coverMediaId ? true : undefined}
          aria-describedby={describedBy(FIELD_IDS.coverMediaId, { error: problems.coverMediaId })}
          onChange={(event) => set('coverMediaId', event.target.value, 'coverMediaId')}
        >
          <option value="">No cover</option>
          {images.map((image) => (
            <option key={image.id} value={image.id}>
              {image.originalName}
            </option>
          ))}
        </select>
        <FieldError fieldId={FIELD_IDS.coverMediaId} message={problems.coverMediaId} />
      </div>
      {form.message && <LiveMessage tone="error">{form.message}</LiveMessage>}
      <div className="earn-form__actions">
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton busy={form.busy} type="submit">
          {editing ? 'Save product' : 'Make product'}
        </BusyButton>
      </div>
    </form>
  );
}
