/**
 * Open or closed, for a layout's narrow-screen menu: it closes when the path
 * changes (the link was followed) and on Escape, as WAI-ARIA's disclosure
 * pattern expects.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';

export function useCollapsibleMenu(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Closed while rendering the new path, not in an effect after it: no frame shows the old menu open.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return [open, setOpen];
}
