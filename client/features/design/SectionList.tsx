/**
 * The page's sections in order. Reordered by dragging the handle with a
 * mouse or a finger, or with the keyboard alone (Space or Enter picks a
 * section up, the arrows move it, Space drops it, Escape puts it back), each
 * step announced to screen readers in words; all of it is dnd-kit's, none
 * hand-written pointer code.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Section } from '../../../common/design.ts';
import { sectionName } from './design-edits.ts';

interface SectionListProps {
  sections: Section[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onToggleHidden: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}

function SectionRow({ section, selected, onSelect, onToggleHidden, onDuplicate, onDelete }: { section: Section } & Omit<SectionListProps, 'sections' | 'onMove' | 'selected'> & { selected: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: section.id });
  const name = sectionName(section);
  return (
    <li
      ref={setNodeRef}
      className={`sections__row${selected ? ' sections__row--selected' : ''}${isDragging ? ' sections__row--dragging' : ''}${section.hidden ? ' sections__row--hidden' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-section-id={section.id}
    >
      <button type="button" ref={setActivatorNodeRef} className="sections__handle" aria-label={`Move ${name}`} {...attributes} {...listeners}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 3h2v2H5zm4 0h2v2H9zM5 7h2v2H5zm4 0h2v2H9zm-4 4h2v2H5zm4 0h2v2H9z" fill="currentColor" />
        </svg>
      </button>
      <button type="button" className="sections__name" aria-pressed={selected} onClick={() => onSelect(section.id)}>
        {name}
        {section.hidden && <span className="sections__badge">Hidden</span>}
      </button>
      <span className="sections__actions">
        <button type="button" className="sections__action" onClick={() => onToggleHidden(section.id)} aria-label={`${section.hidden ? 'Show' : 'Hide'} ${name}`}>
          {section.hidden ? 'Show' : 'Hide'}
        </button>
        <button type="button" className="sections__action" onClick={() => onDuplicate(section.id)} aria-label={`Duplicate ${name}`}>
          Duplicate
        </button>
        <button type="button" className="sections__action sections__action--danger" onClick={() => onDelete(section.id)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </span>
    </li>
  );
}

export function SectionList({ sections, selected, onSelect, onMove, onToggleHidden, onDuplicate, onDelete }: SectionListProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // The handle takes no scrolling (`touch-action: none`), so a finger starts dragging on moving, as a mouse does.
    useSensor(TouchSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const section = sections.find((item) => item.id === id);
    return section ? sectionName(section) : 'the section';
  };
  const positionOf = (id: UniqueIdentifier | undefined) => sections.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${sections.length}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now at position ${positionOf(over.id)} of ${sections.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${sections.length}.` : `${nameOf(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It is back at position ${positionOf(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move a section, press Space or Enter on its handle, then the up and down arrows, then Space to drop it or Escape to cancel.' },
      }}
    >
      <SortableContext items={sections.map((section) => section.id)} strategy={verticalListSortingStrategy}>
        <ol className="sections" aria-label="Sections of your home page">
          {sections.map((section) => (
            <SectionRow
              key={section.id}
              section={section}
              selected={section.id === selected}
              onSelect={onSelect}
              onToggleHidden={onToggleHidden}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
