/**
 * The creator area's frame (SPEC.md section 2): sidebar plus content. Under
 * 768px the sidebar becomes a drawer behind a menu button that reports
 * aria-expanded; it closes on navigation and on Escape.
 */
import { useId } from 'react';
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants.ts';
import { RouteSuspense } from '../../app/RouteSuspense.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import { useCollapsibleMenu } from '../../components/useCollapsibleMenu.ts';
import { Sidebar } from './Sidebar.tsx';
import './CreatorLayout.css';

export default function CreatorLayout() {
  const [menuOpen, setMenuOpen] = useCollapsibleMenu();
  const sidebarId = useId();

  return (
    <div className={menuOpen ? 'creator-layout creator-layout--menu-open' : 'creator-layout'}>
      <header className="creator-layout__topbar">
        <Link to="/" className="creator-layout__brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {PRODUCT_NAME}
        </Link>
        <MenuButton open={menuOpen} controls={sidebarId} className="creator-layout__menu-button" onToggle={() => setMenuOpen((open) => !open)} />
      </header>
      <Sidebar id={sidebarId} />
      {/* A tap beside the drawer closes it; keyboards have Escape and the menu button, so the scrim stays out of their way. */}
      {menuOpen && <div className="creator-layout__scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main className="creator-layout__content">
        <RouteSuspense>
          <Outlet />
        </RouteSuspense>
      </main>
    </div>
  );
}
