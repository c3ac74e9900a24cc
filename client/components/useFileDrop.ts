/**
 * A zone files can be dropped on (the media library's drop zone, the import's
 * file field): the four drag handlers and whether files are over it now. The
 * zone only reacts to drags that carry files, so dragging text over it does
 * nothing.
 */
import { useRef, useState, type DragEvent } from 'react';

function carriesFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files');
}

export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave also fire for the zone's children: counted so the highlight does not flicker.
  const depth = useRef(0);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave() {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };
  return { dragging, handlers };
}
