/** The editor's changes to a design's sections, as pure functions the page and its tests share. */
import { newSectionSettings, SECTION_LABELS, type Design, type Section, type SectionType } from '../../../common/design.ts';

/** A short id unique within the design, readable in the page's anchors (`#s-faq-2`). */
export function freshId(design: Design, type: SectionType): string {
  const taken = new Set(design.sections.map((section) => section.id));
  for (let n = 1; ; n += 1) {
    const id = n === 1 ? type : `${type}-${n}`;
    if (!taken.has(id)) return id;
  }
}

export function addSection(design: Design, type: SectionType, at = design.sections.length): Design {
  const section = { id: freshId(design, type), type, hidden: false, settings: newSectionSettings(type) } as Section;
  const sections = [...design.sections];
  sections.splice(at, 0, section);
  return { ...design, sections };
}

export function moveSection(design: Design, from: number, to: number): Design {
  const sections = [...design.sections];
  const [moved] = sections.splice(from, 1);
  if (!moved) return design;
  sections.splice(to, 0, moved);
  return { ...design, sections };
}

export function duplicateSection(design: Design, id: string): Design {
  const index = design.sections.findIndex((section) => section.id === id);
  const original = design.sections[index];
  if (!original) return design;
  const copy = { ...structuredClone(original), id: freshId(design, original.type) };
  const sections = [...design.sections];
  sections.splice(index + 1, 0, copy);
  return { ...design, sections };
}

export function removeSection(design: Design, id: string): Design {
  return { ...design, sections: design.sections.filter((section) => section.id !== id) };
}

export function updateSection(design: Design, id: string, patch: Partial<Pick<Section, 'hidden'>> & { settings?: Section['settings'] }): Design {
  return { ...design, sections: design.sections.map((section) => (section.id === id ? ({ ...section, ...patch } as Section) : section)) };
}

/** What a section is called in the list and in announcements: its type and, when it has one, its heading. */
export function sectionName(section: Section): string {
  const heading = 'heading' in section.settings ? section.settings.heading.trim() : '';
  return heading ? `${SECTION_LABELS[section.type]}: ${heading}` : SECTION_LABELS[section.type];
}
