/** The export's media ids become the new library's: in a post's document (nested too) and in a design; an id that did not come over is dropped. */
import { describe, expect, it } from 'vitest';
import { defaultDesign } from '../../../common/design.ts';
import type { EditorDocument } from '../../../common/posts.ts';
import { remapDesign, remapDocument } from './remap-media.ts';

const OLD = '11111111-1111-4111-8111-111111111111';
const GONE = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';
const ids = new Map([[OLD, NEW]]);

describe('remapDocument', () => {
  it('replaces every media id, keeps the rest of the document as it was, and drops media that did not come over', () => {
    const document: EditorDocument = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }] }] },
        { type: 'media', attrs: { id: OLD.toUpperCase(), kind: 'image', caption: 'Dawn', alt: 'The harbour' } },
        { type: 'blockquote', content: [{ type: 'media', attrs: { id: OLD, kind: 'image', caption: '', alt: '' } }] },
        { type: 'media', attrs: { id: GONE, kind: 'audio', caption: '', alt: '' } },
        { type: 'membersOnly' },
      ],
    };
    expect(remapDocument(document, ids)).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }] }] },
        { type: 'media', attrs: { id: NEW, kind: 'image', caption: 'Dawn', alt: 'The harbour' } },
        { type: 'blockquote', content: [{ type: 'media', attrs: { id: NEW, kind: 'image', caption: '', alt: '' } }] },
        { type: 'membersOnly' },
      ],
    });
    // Pure: the document given is left as it was.
    expect(document.content![1]!.attrs!.id).toBe(OLD.toUpperCase());
  });
});

describe('remapDesign', () => {
  it('replaces the logo, and empties the icon that did not come over', () => {
    const design = { ...defaultDesign(), logoId: OLD, faviconId: GONE };
    const remapped = remapDesign(design, ids);
    expect(remapped.logoId).toBe(NEW);
    expect(remapped.faviconId).toBeNull();
  });
});
