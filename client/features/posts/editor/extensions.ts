/**
 * What the editor can write: StarterKit's nodes and marks limited to what the
 * server renders (server/posts/render-document.ts: headings 2 to 4, links to
 * http, https and mailto only), plus our nodes: a media item from the
 * library (with the post's own alt text for a picture), the members-only
 * marker, of which a post has at most one, and the placeholder of a file
 * still uploading, which the server never keeps (it knows no such node), so a
 * draft saved mid-upload holds no broken media.
 */
import { TextSelection } from '@tiptap/pm/state';
import { Node, ReactNodeViewRenderer, type CommandProps, type Extensions, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MEMBERS_ONLY_LABEL } from '../../../content/editor.ts';
import { normaliseLink } from './links.ts';
import { MediaNodeView } from './MediaNodeView.tsx';
import { MediaUploadView } from './MediaUploadView.tsx';
import { MembersOnlyView } from './MembersOnlyView.tsx';
import type { MediaKind } from '../../../../common/media.ts';

export const MEMBERS_ONLY = 'membersOnly';
export const MEDIA = 'media';
export const MEDIA_UPLOAD = 'mediaUpload';

/** A placeholder to insert: the upload's key in the tab's queue and the file's name. */
export interface UploadPlaceholder {
  key: string;
  name: string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    membersOnly: { insertMembersOnly: () => ReturnType };
    media: { insertMedia: (attrs: { id: string; kind: MediaKind }) => ReturnType };
    mediaUpload: { insertUploads: (uploads: UploadPlaceholder[], at?: number) => ReturnType };
  }
}

type Descendants = { descendants: (visit: (node: { type: { name: string } }) => boolean | void) => void };

function hasNode(doc: Descendants, name: string): boolean {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === name) found = true;
    return !found;
  });
  return found;
}

export function hasMembersOnly(doc: Descendants): boolean {
  return hasNode(doc, MEMBERS_ONLY);
}

/** Whether a file is still uploading into the document (its placeholder is there). */
export function hasUploads(doc: Descendants): boolean {
  return hasNode(doc, MEDIA_UPLOAD);
}

/**
 * Inserts a block node and puts the caret in the paragraph after it (made if
 * there is none), so typing goes on below instead of replacing the new node.
 */
function insertBlockAndContinue(content: JSONContent | JSONContent[], { chain }: CommandProps): boolean {
  return chain()
    .insertContent(content)
    .command(({ tr, dispatch }) => {
      const after = tr.selection.to;
      if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
      if (dispatch) tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
      return true;
    })
    .run();
}

const MembersOnly = Node.create({
  name: MEMBERS_ONLY,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  parseHTML: () => [{ tag: 'hr[data-members-only]' }],
  renderHTML: () => ['hr', { 'data-members-only': '', 'aria-label': MEMBERS_ONLY_LABEL }],
  addNodeView: () => ReactNodeViewRenderer(MembersOnlyView),
  addCommands() {
    return {
      insertMembersOnly: () => (props) => !hasMembersOnly(props.state.doc) && insertBlockAndContinue({ type: MEMBERS_ONLY }, props),
    };
  },
});

const Media = Node.create({
  name: MEDIA,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({
    id: { default: null },
    kind: { default: 'image' },
    caption: { default: '' },
    alt: { default: '' },
  }),
  parseHTML: () => [
    {
      tag: 'figure[data-media-id]',
      getAttrs: (element) => ({ id: element.getAttribute('data-media-id'), kind: element.getAttribute('data-media-kind'), alt: element.getAttribute('data-media-alt') ?? '' }),
    },
  ],
  renderHTML: ({ node }) => ['figure', { 'data-media-id': String(node.attrs.id), 'data-media-kind': String(node.attrs.kind), 'data-media-alt': String(node.attrs.alt ?? '') }],
  // The caption's and alt text's own inputs take their keys; the editor must not treat them as edits of the document around it.
  addNodeView: () => ReactNodeViewRenderer(MediaNodeView, { stopEvent: ({ event }) => event.target instanceof HTMLInputElement }),
  addCommands() {
    return {
      insertMedia: (attrs) => (props) => insertBlockAndContinue({ type: MEDIA, attrs: { ...attrs, caption: '', alt: '' } }, props),
    };
  },
});

const MediaUpload = Node.create({
  name: MEDIA_UPLOAD,
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes: () => ({ key: { default: null }, name: { default: '' } }),
  parseHTML: () => [{ tag: 'div[data-upload-key]', getAttrs: (element) => ({ key: element.getAttribute('data-upload-key'), name: element.getAttribute('data-upload-name') ?? '' }) }],
  renderHTML: ({ node }) => ['div', { 'data-upload-key': String(node.attrs.key), 'data-upload-name': String(node.attrs.name) }],
  addNodeView: () => ReactNodeViewRenderer(MediaUploadView),
  addCommands() {
    return {
      insertUploads:
        (uploads, at) =>
        (props) => {
          const content = uploads.map((upload) => ({ type: MEDIA_UPLOAD, attrs: upload }));
          if (at === undefined) return insertBlockAndContinue(content, props);
          return props.chain().insertContentAt(at, content).run();
        },
    };
  },
});

export function postExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => normaliseLink(url) !== null,
        HTMLAttributes: { rel: 'noopener nofollow ugc', target: null },
      },
    }),
    MembersOnly,
    Media,
    MediaUpload,
  ];
}
