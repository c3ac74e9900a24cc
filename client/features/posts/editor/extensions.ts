/**
 * What the editor can write: StarterKit's nodes and marks limited to what the
 * server renders (server/posts/render-document.ts: headings 2 to 4, links to
 * http, https and mailto only), plus our two nodes: a media item from the
 * library and the members-only marker, of which a post has at most one.
 */
import { TextSelection } from '@tiptap/pm/state';
import { Node, ReactNodeViewRenderer, type CommandProps, type Extensions, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MEMBERS_ONLY_LABEL } from '../../../content/editor.ts';
import { normaliseLink } from './links.ts';
import { MediaNodeView } from './MediaNodeView.tsx';
import { MembersOnlyView } from './MembersOnlyView.tsx';
import type { MediaKind } from '../../../../common/media.ts';

export const MEMBERS_ONLY = 'membersOnly';
export const MEDIA = 'media';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    membersOnly: { insertMembersOnly: () => ReturnType };
    media: { insertMedia: (attrs: { id: string; kind: MediaKind }) => ReturnType };
  }
}

export function hasMembersOnly(doc: { descendants: (visit: (node: { type: { name: string } }) => boolean | void) => void }): boolean {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === MEMBERS_ONLY) found = true;
    return !found;
  });
  return found;
}

/**
 * Inserts a block node and puts the caret in the paragraph after it (made if
 * there is none), so typing goes on below instead of replacing the new node.
 */
function insertBlockAndContinue(content: JSONContent, { chain }: CommandProps): boolean {
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
  }),
  parseHTML: () => [{ tag: 'figure[data-media-id]', getAttrs: (element) => ({ id: element.getAttribute('data-media-id'), kind: element.getAttribute('data-media-kind') }) }],
  renderHTML: ({ node }) => ['figure', { 'data-media-id': String(node.attrs.id), 'data-media-kind': String(node.attrs.kind) }],
  // The caption's own input takes its keys; the editor must not treat them as edits of the document around it.
  addNodeView: () => ReactNodeViewRenderer(MediaNodeView, { stopEvent: ({ event }) => event.target instanceof HTMLInputElement }),
  addCommands() {
    return {
      insertMedia: (attrs) => (props) => insertBlockAndContinue({ type: MEDIA, attrs: { ...attrs, caption: '' } }, props),
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
  ];
}
