/** The toolbar's pictures (decorative: each button carries its name in aria-label). */
export type IconName =
  | 'h2' | 'h3' | 'h4' | 'bold' | 'italic' | 'strike' | 'code' | 'link' | 'bulletList' | 'orderedList' | 'quote' | 'codeBlock' | 'rule'
  | 'image' | 'video' | 'audio' | 'file' | 'lock' | 'undo' | 'redo';

const TEXT_ICONS: Partial<Record<IconName, { text: string; style?: 'bold' | 'italic' | 'strike' | 'mono' | 'quote' }>> = {
  h2: { text: 'H2' },
  h3: { text: 'H3' },
  h4: { text: 'H4' },
  bold: { text: 'B', style: 'bold' },
  italic: { text: 'I', style: 'italic' },
  strike: { text: 'S', style: 'strike' },
  code: { text: '</>', style: 'mono' },
  quote: { text: '“', style: 'quote' },
};

/** 20x20 strokes. */
const PATHS: Partial<Record<IconName, string>> = {
  link: 'M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0L4.7 11.1a3 3 0 0 0 4.2 4.2l.9-.9',
  bulletList: 'M8 5h9M8 10h9M8 15h9M3.5 5h.01M3.5 10h.01M3.5 15h.01',
  orderedList: 'M8 5h9M8 10h9M8 15h9M3 4l1-.5V7M3 12.5a1 1 0 1 1 2 0c0 1-2 1.5-2 2.5h2',
  codeBlock: 'M3 4h14v12H3zM7 8l-2 2 2 2M13 8l2 2-2 2',
  rule: 'M3 10h14',
  image: 'M3 4h14v12H3zM3 13l4-4 3 3 2-2 5 5M13 7.5h.01',
  video: 'M3 5h10v10H3zM13 8.5l4-2.5v8l-4-2.5',
  audio: 'M8 15V5l9-2v10M8 15a2 2 0 1 1-4 0 2 2 0 0 1 4 0Zm9-2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z',
  file: 'M5 2h7l4 4v12H5zM12 2v4h4',
  lock: 'M5 9h10v8H5zM7 9V6a3 3 0 0 1 6 0v3',
  undo: 'M7 7H13a4 4 0 0 1 0 8H8M7 7l3-3M7 7l3 3',
  redo: 'M13 7H7a4 4 0 0 0 0 8h5M13 7l-3-3M13 7l-3 3',
};

export function ToolbarIcon({ name }: { name: IconName }) {
  const text = TEXT_ICONS[name];
  if (text) {
    return (
      <span className={`toolbar__glyph${text.style ? ` toolbar__glyph--${text.style}` : ''}`} aria-hidden="true">
        {text.text}
      </span>
    );
  }
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  );
}
