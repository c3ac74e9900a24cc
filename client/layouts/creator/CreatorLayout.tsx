/**
 * The creator area's frame (SPEC.md section 2): a skip link, the sidebar and
 * the content. Under 768px the sidebar is a modal drawer behind a menu button
 * that reports aria-expanded; it closes on navigation and on Escape.
 */
import { useId, useRef } from 'react';
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants.ts';
import { useAuth } from '../../app/auth.tsx';
import { RouteSuspense } from '../../app/RouteSuspense.tsx';
import { MainLandmark } from '../../components/MainLandmark.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import { useCollapsibleMenu } from '../../components/useCollapsibleMenu.ts';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../lib/media-query.ts';
import { useUnreadMessages } from '../../features/messages/unread.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SidebarDrawer } from './SidebarDrawer.tsx';
import './CreatorLayout.css';

export default function CreatorLayout() {
  const [menuOpen, setMenuOpen] = useCollapsibleMenu();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  // A drawer left open while the window widens closes: the sidebar is beside the content again.
  const drawerOpen = menuOpen && !wide;
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { user } = useAuth();
  const unread = useUnreadMessages(user?.role === 'creator' || user?.isAdmin === true);

  return (
    <div className="creator-layout">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="creator-layout__topbar">
        <Link to="/" className="creator-layout__brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {PRODUCT_NAME}
        </Link>
        <MenuButton
          ref={menuButton}
          open={drawerOpen}
          controls={drawerId}
          className="creator-layout__menu-button"
          onToggle={() => setMenuOpen((open) => !open)}
        />
      </header>
      {/* The column runs the whole height of the page and carries the background; the navigation inside it stays in view. */}
      <div className="creator-layout__sidebar">
        <Sidebar className="creator-layout__sidebar-nav" unread={unread} />
      </div>
      <SidebarDrawer id={drawerId} open={drawerOpen} onClose={() => setMenuOpen(false)} returnFocusTo={menuButton} unread={unread} />
      <MainLandmark id="content" className="creator-layout__content" tabIndex={-1}>
        <RouteSuspense>
          <Outlet />
        </RouteSuspense>
      </MainLandmark>
    </div>
  );
}
