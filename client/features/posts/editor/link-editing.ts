/** The editor's link at the caret (Ctrl/Cmd+K): which text it is for, and putting it there. */
import { TextSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

export type TextRange = { from: number; to: number };

/**
 * The selection as the browser shows it: ProseMirror reads a selection made
 * by keys (Shift+Home) on the next selectionchange event, which a shortcut
 * pressed right after can beat.
 */
export function selectedRange(editor: Editor): TextRange {
  const { view } = editor;
  const dom = window.getSelection();
  if (dom?.anchorNode && dom.focusNode && view.dom.contains(dom.anchorNode) && view.dom.contains(dom.focusNode)) {
    const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
    const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
    return { from: Math.min(anchor, head), to: Math.max(anchor, head) };
  }
  return { from: editor.state.selection.from, to: editor.state.selection.to };
}

/** Links the range to `href` (the URL itself becomes the text when nothing was selected). */
export function applyLink(editor: Editor, { from, to }: TextRange, href: string): void {
  const chain = editor.chain().focus().setTextSelection({ from, to });
  if (from === to && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
  else chain.extendMarkRange('link').setLink({ href });
  // The caret goes after the link, so what is typed or inserted next does not replace it.
  chain.command(({ tr }) => {
    tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
    return true;
  }).run();
}

export function removeLink(editor: Editor, range: TextRange): void {
  editor.chain().focus().setTextSelection(range).extendMarkRange('link').unsetLink().run();
}
