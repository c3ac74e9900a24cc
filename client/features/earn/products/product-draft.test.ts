import { describe, expect, it } from 'vitest';
import type { ProductView } from '../../../../common/api/products.ts';
import { checkDraft, draftOf, emptyDraft, withTitle } from './product-draft.ts';

const MEDIA = '6f1c2a4e-0000-4000-8000-000000000001';

describe('the product form', () => {
  it('suggests the slug from the title until the creator types one', () => {
    const titled = withTitle(emptyDraft(), 'Field Guide: Birds & Bees');
    expect(titled.slug).toBe('field-guide-birds-and-bees');
    expect(withTitle({ ...titled, slug: 'mine', slugEdited: true }, 'Another').slug).toBe('mine');
  });

  it('makes the body in minor units of the site currency', () => {
    const draft = { ...withTitle(emptyDraft(), ' Guide '), description: ' All of it ', price: '12.50', mediaIds: [MEDIA] };
    expect(checkDraft(draft, 'usd')).toEqual({ body: { title: 'Guide', slug: 'guide', description: 'All of it', price: 1250, currency: 'usd', mediaIds: [MEDIA], coverMediaId: null }, problems: {} });
    expect(checkDraft({ ...draft, price: '1200' }, 'jpy').body?.price).toBe(1200);
  });

  it('puts each problem under its field', () => {
    const { body, problems } = checkDraft({ ...emptyDraft(), slug: 'Not A Slug', price: '0' }, 'usd');
    expect(body).toBeUndefined();
    expect(Object.keys(problems).sort()).toEqual(['mediaIds', 'price', 'slug', 'title']);
    expect(checkDraft({ ...withTitle(emptyDraft(), 'x'), price: '12.345', mediaIds: [MEDIA] }, 'usd').problems.price).toBeDefined();
    expect(checkDraft({ ...withTitle(emptyDraft(), 'x'), price: '-1', mediaIds: [MEDIA] }, 'usd').problems.price).toBeDefined();
  });

  it('shows a product for editing as it was saved', () => {
    const product = { title: 'Guide', slug: 'guide', description: 'd', price: 1200, currency: 'usd', coverMediaId: null, files: [{ mediaId: MEDIA, name: 'a.pdf', kind: 'pdf', bytes: 1 }] } as unknown as ProductView;
    expect(draftOf(product)).toEqual({ title: 'Guide', slug: 'guide', slugEdited: true, description: 'd', price: '12.00', mediaIds: [MEDIA], coverMediaId: '' });
  });
});
