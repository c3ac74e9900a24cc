/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys
 * move between buttons, each button named, toggles report aria-pressed and
 * name their shortcut. The state follows the selection through useEditorState,
 * so typing does not re-render the whole editor.
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MediaKind } from '../../../../common/media.ts';
import { hasMembersOnly } from './extensions.ts';
import { MEMBERS_ONLY_LABEL } from '../../../content/editor.ts';
import { ToolbarIcon, type IconName } from './ToolbarIcon.tsx';

interface ToolbarProps {
  editor: Editor;
  onLink: () => void;
  onMedia: (kind: MediaKind) => void;
}

interface Tool {
  icon: IconName;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

export function EditorToolbar({ editor, onLink, onMedia }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      marker: hasMembersOnly(current.state.doc),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const groups: { label: string; tools: Tool[] }[] = [
    {
      label: 'Headings',
      tools: ([2, 3, 4] as const).map((level) => ({
        icon: `h${level}` as IconName,
        label: `Heading ${level}`,
        shortcut: `Control+Alt+${level}`,
        pressed: state[`h${level}`],
        run: () => chain().toggleHeading({ level }).run(),
      })),
    },
    {
      label: 'Text',
      tools: [
        { icon: 'bold', label: 'Bold', shortcut: 'Control+B', pressed: state.bold, run: () => chain().toggleBold().run() },
        { icon: 'italic', label: 'Italic', shortcut: 'Control+I', pressed: state.italic, run: () => chain().toggleItalic().run() },
        { icon: 'strike', label: 'Strikethrough', shortcut: 'Control+Shift+S', pressed: state.strike, run: () => chain().toggleStrike().run() },
        { icon: 'code', label: 'Inline code', shortcut: 'Control+E', pressed: state.code, run: () => chain().toggleCode().run() },
        { icon: 'link', label: state.link ? 'Edit link' : 'Link', shortcut: 'Control+K', pressed: state.link, run: onLink },
      ],
    },
    {
      label: 'Blocks',
      tools: [
        { icon: 'bulletList', label: 'Bulleted list', shortcut: 'Control+Shift+8', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
        { icon: 'orderedList', label: 'Numbered list', shortcut: 'Control+Shift+7', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
        { icon: 'quote', label: 'Quote', shortcut: 'Control+Shift+B', pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
        { icon: 'codeBlock', label: 'Code block', shortcut: 'Control+Alt+C', pressed: state.codeBlock, run: () => chain().toggleCodeBlock().run() },
        { icon: 'rule', label: 'Divider', run: () => chain().setHorizontalRule().run() },
      ],
    },
    {
      label: 'Media',
      tools: [
        { icon: 'image', label: 'Image from the library', run: () => onMedia('image') },
        { icon: 'video', label: 'Video from the library', run: () => onMedia('video') },
        { icon: 'audio', label: 'Audio from the library', run: () => onMedia('audio') },
        { icon: 'file', label: 'File attachment from the library', run: () => onMedia('file') },
        {
          icon: 'lock',
          label: state.marker ? `${MEMBERS_ONLY_LABEL} (already in the post)` : `Insert “${MEMBERS_ONLY_LABEL}”`,
          disabled: state.marker,
          run: () => chain().insertMembersOnly().run(),
        },
      ],
    },
    {
      label: 'History',
      tools: [
        { icon: 'undo', label: 'Undo', shortcut: 'Control+Z', disabled: !state.canUndo, run: () => chain().undo().run() },
        { icon: 'redo', label: 'Redo', shortcut: 'Control+Shift+Z', disabled: !state.canRedo, run: () => chain().redo().run() },
      ],
    },
  ];

  return <RovingToolbar label="Formatting">{groups}</RovingToolbar>;
}

function RovingToolbar({ label, children: groups }: { label: string; children: { label: string; tools: Tool[] }[] }) {
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const flat = groups.flatMap((group) => group.tools);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (index: number) => number> = {
      ArrowRight: (index) => (index + 1) % flat.length,
      ArrowLeft: (index) => (index - 1 + flat.length) % flat.length,
      Home: () => 0,
      End: () => flat.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(active);
    setActive(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const firstOfGroup = groups.map((_group, groupIndex) => groups.slice(0, groupIndex).reduce((sum, group) => sum + group.tools.length, 0));
  const buttons: ReactNode[] = groups.map((group, groupIndex) => (
    <div key={group.label} role="group" aria-label={group.label} className="toolbar__group">
      {group.tools.map((tool, toolIndex) => {
        const position = firstOfGroup[groupIndex]! + toolIndex;
        return (
          <button
            key={tool.label}
            type="button"
            className="toolbar__button"
            aria-label={tool.label}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut.replace('Control', 'Ctrl')})` : tool.label}
            aria-keyshortcuts={tool.shortcut}
            aria-pressed={tool.pressed}
            aria-disabled={tool.disabled || undefined}
            tabIndex={position === active ? 0 : -1}
            onFocus={() => setActive(position)}
            // The editor keeps its selection: a mouse press on a button must not move focus out of the text first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (!tool.disabled) tool.run();
            }}
          >
            <ToolbarIcon name={tool.icon} />
          </button>
        );
      })}
    </div>
  ));

  return (
    <div ref={toolbar} role="toolbar" aria-label={label} className="toolbar" onKeyDown={onKeyDown}>
      {buttons}
    </div>
  );
}
