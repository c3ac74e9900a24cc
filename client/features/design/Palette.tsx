/** The sections a creator can add, each with a small sketch of how it looks. */
import { SECTION_LABELS, SECTION_TYPES, type SectionType } from '../../../common/design.ts';

/** Thumbnails as a few shapes in a 48 by 32 box: no image files to load. */
const SKETCHES: Record<SectionType, string> = {
  hero: 'M4 4h40v14H4zM14 22h20v3H14zM18 27h12v3H18z',
  about: 'M4 5h20v3H4zM4 11h40v2H4zM4 15h40v2H4zM4 19h30v2H4z',
  'latest-posts': 'M4 4h40v6H4zM4 13h40v6H4zM4 22h40v6H4z',
  'featured-posts': 'M4 4h19v14H4zM25 4h19v14H25zM4 21h19v3H4zM25 21h19v3H25z',
  tiers: 'M4 4h12v24H4zM18 4h12v24H18zM32 4h12v24H32z',
  join: 'M4 8h40v16H4zM16 18h16v4H16z',
  links: 'M10 4h28v6H10zM10 13h28v6H10zM10 22h28v6H10z',
  media: 'M4 4h40v24H4zM20 11l9 5-9 5z',
  gallery: 'M4 4h12v11H4zM18 4h12v11H18zM32 4h12v11H32zM4 17h12v11H4zM18 17h12v11H18zM32 17h12v11H32z',
  testimonials: 'M4 6h19v16H4zM25 6h19v16H25zM6 25h10v2H6zM27 25h10v2H27z',
  faq: 'M4 5h40v5H4zM4 13h40v5H4zM4 21h40v5H4z',
  text: 'M4 5h40v2H4zM4 10h40v2H4zM4 15h40v2H4zM4 20h40v2H4zM4 25h26v2H4z',
};

export function Palette({ onAdd }: { onAdd: (type: SectionType) => void }) {
  return (
    <ul className="palette" aria-label="Add a section">
      {SECTION_TYPES.map((type) => (
        <li key={type}>
          <button type="button" className="palette__item" onClick={() => onAdd(type)}>
            <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
              <path d={SKETCHES[type]} fill="currentColor" />
            </svg>
            <span>
              <span className="visually-hidden">Add </span>
              {SECTION_LABELS[type]}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
