/**
 * The creator sidebar under 768px: a modal dialog (native <dialog> opened with
 * showModal, so everything behind it is inert and hidden from screen readers).
 * Tab and Shift+Tab go round inside it; Escape, the close button and a tap on
 * the dimmed page close it and return focus to the menu button. Following a
 * link closes it at once, so the new page's heading can take focus.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Sidebar } from './Sidebar.tsx';
import { keepTabInside } from '../../components/keep-tab-inside.ts';

interface SidebarDrawerProps {
  /** Unread messages, shown beside Messages. */
  unread?: number;
  id: string;
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

export function SidebarDrawer({ id, open, onClose, returnFocusTo, unread = 0 }: SidebarDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Following a link closes the drawer without sending focus back to the menu button.
  const followedLink = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      followedLink.current = false;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const closeForLink = () => {
    followedLink.current = true;
    // Closed here, before the route changes, so the page behind is no longer inert when its heading takes focus.
    dialog.current?.close();
    onClose();
  };

  return (
    // A modal <dialog> is interactive (Escape closes it natively): the click is a tap on its backdrop, the key handler keeps Tab inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      id={id}
      className="sidebar-drawer"
      aria-label="Creator area menu"
      aria-modal="true"
      // However it closed (Escape closes a modal dialog natively), the layout learns it and focus goes back.
      onClose={() => {
        onClose();
        if (!followedLink.current) returnFocusTo.current?.focus();
      }}
      onClick={(event) => {
        // A click on the dialog itself, not on anything in it, is a tap on the dimmed page beside the drawer.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={keepTabInside}
    >
      {open && (
        <div className="sidebar-drawer__panel">
          <button type="button" className="sidebar-drawer__close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Close menu
          </button>
          <Sidebar onNavigate={closeForLink} unread={unread} />
        </div>
      )}
    </dialog>
  );
}
