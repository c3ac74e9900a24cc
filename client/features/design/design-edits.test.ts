import { describe, expect, it } from 'vitest';
import { defaultDesign, designProblem } from '../../../common/design.ts';
import { change, redo, startHistory, undo } from './design-history.ts';
import { addSection, duplicateSection, moveSection, removeSection } from './design-edits.ts';

describe('design edits', () => {
  it('adds, duplicates, moves and removes sections, keeping ids unique and the design valid', () => {
    let design = addSection(defaultDesign(), 'faq');
    design = addSection(design, 'faq', 0);
    design = duplicateSection(design, 'hero');
    expect(design.sections.map((section) => section.id)).toEqual(['faq-2', 'hero', 'hero-2', 'about', 'latest-posts', 'faq']);
    design = moveSection(design, 5, 1);
    expect(design.sections.map((section) => section.id).slice(0, 3)).toEqual(['faq-2', 'faq', 'hero']);
    design = removeSection(design, 'hero-2');
    expect(design.sections).toHaveLength(5);
    expect(designProblem(design)).toBeUndefined();
  });

  it('undoes and redoes, one step per group of changes', () => {
    const first = defaultDesign();
    let history = startHistory(first);
    history = change(history, { ...first, theme: 'bold' });
    history = change(history, { ...first, theme: 'bold', colors: { accent: '#111111' } }, 'accent');
    history = change(history, { ...first, theme: 'bold', colors: { accent: '#222222' } }, 'accent');
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(history.present.colors.accent).toBe(first.colors.accent);
    expect(history.present.theme).toBe('bold');
    history = undo(undo(history));
    expect(history.present).toBe(first);
    history = redo(redo(history));
    expect(history.present.colors.accent).toBe('#222222');
    expect(redo(history)).toBe(history);
  });
});
