/**
 * Imported HTML with the images an import copied (server/imports/): each copied
 * `<img>` becomes a media block, its figure's caption kept, wherever it sat (a
 * paragraph, a link, a figure); an image not copied is dropped, as every image
 * was before; without copied images nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { importHtml } from './import-html.ts';

const ID = '0b7f2d2e-1c1a-4f57-9d0e-5a1b2c3d4e5f';
const copied = new Map([['https://old.example/a.png', { id: ID, kind: 'image' as const }]]);

describe('importHtml with copied images', () => {
  it('turns a figure with a copied image into one media block with its caption', () => {
    const document = importHtml('<p>Before</p><figure><a href="https://old.example/a.png"><img src="https://old.example/a.png" alt="A boat"></a><figcaption>The <em>boat</em></figcaption></figure>', copied);
    expect(document.content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Before' }] },
      { type: 'media', attrs: { id: ID, kind: 'image', alt: 'A boat', caption: 'The boat' } },
    ]);
  });

  it('lifts a copied image out of a paragraph, keeping the words around it, and drops one not copied', () => {
    const document = importHtml('<p>Look <img src="https://old.example/a.png"> here <img src="https://elsewhere.example/b.png"></p>', copied);
    expect(document.content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Look' }] },
      { type: 'media', attrs: { id: ID, kind: 'image', alt: '', caption: '' } },
      { type: 'paragraph', content: [{ type: 'text', text: 'here' }] },
    ]);
  });

  it('drops every image when none was copied', () => {
    expect(importHtml('<p>Text <img src="https://old.example/a.png"></p>').content).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }]);
  });
  it('makes a link to a copied file a media block: in place of a paragraph that is only the link, after one with other words', () => {
    const files = new Map([
      ['https://old.example/files/guide.pdf', { id: 'pdf-1', kind: 'file' as const }],
      ['https://old.example/audio/ep1.mp3', { id: 'mp3-1', kind: 'audio' as const }],
    ]);
    const document = importHtml(
      '<p><a href="https://old.example/files/guide.pdf">The harbour guide</a></p><p>Listen to <a href="https://old.example/audio/ep1.mp3">the first episode</a> tonight.</p><p><a href="https://old.example/elsewhere">A page</a></p>',
      files,
    );
    expect(document.content).toEqual([
      { type: 'media', attrs: { id: 'pdf-1', kind: 'file', alt: '', caption: 'The harbour guide' } },
      expect.objectContaining({ type: 'paragraph' }),
      { type: 'media', attrs: { id: 'mp3-1', kind: 'audio', alt: '', caption: 'the first episode' } },
      expect.objectContaining({ type: 'paragraph' }),
    ]);
  });
});
