import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import type { UploadItem } from '../../media/uploads/upload-queue-state.ts';
import { postExtensions } from './extensions.ts';
import { settleUploads } from './settle-uploads.ts';

const schema = getSchema(postExtensions());
const MEDIA_ID = '11111111-1111-4111-8111-111111111111';

function stateWith(keys: string[]) {
  const doc = schema.nodeFromJSON({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Before' }] }, ...keys.map((key) => ({ type: 'mediaUpload', attrs: { key, name: `${key}.png` } })), { type: 'paragraph', content: [{ type: 'text', text: 'After' }] }],
  });
  return EditorState.create({ schema, doc });
}

const item = (key: string, phase: UploadItem['phase'], mediaId?: string): UploadItem => ({ key, name: `${key}.png`, kind: 'image', bytesTotal: 10, bytesSent: 10, phase, resumed: false, ...(mediaId ? { mediaId } : {}) });

describe('settling the uploads of a post', () => {
  it('puts the picture in place of a finished upload, leaves one still going, drops a cancelled or forgotten one', () => {
    const state = stateWith(['done', 'going', 'cancelled', 'forgotten']);
    const { transaction, placed } = settleUploads(state, [item('done', 'done', MEDIA_ID), item('going', 'uploading'), item('cancelled', 'cancelled')]);
    const json = state.apply(transaction!).doc.toJSON() as { content: { type: string; attrs?: Record<string, unknown> }[] };
    expect(json.content.map((node) => node.type)).toEqual(['paragraph', 'media', 'mediaUpload', 'paragraph']);
    expect(json.content[1]!.attrs).toEqual({ id: MEDIA_ID, kind: 'image', caption: '', alt: '' });
    expect(json.content[2]!.attrs!.key).toBe('going');
    expect(placed).toEqual(['done.png']);
    // Undo must not bring a finished upload's placeholder back.
    expect(transaction!.getMeta('addToHistory')).toBe(false);
  });

  it('changes nothing while every upload is going or failed (a failed one waits to be tried again)', () => {
    const state = stateWith(['a', 'b']);
    expect(settleUploads(state, [item('a', 'uploading'), item('b', 'failed')])).toEqual({ transaction: null, placed: [] });
  });
});
