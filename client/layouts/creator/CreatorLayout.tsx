/**
 * The creator area's frame (SPEC.md section 2): sidebar plus content. Under
 * 768px the sidebar becomes a drawer behind a menu button that reports
 * aria-expanded; it closes on navigation and on Escape.
 */
import { useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants.ts';
import { RouteSuspense } from '../../app/RouteSuspense.tsx';
import { Sidebar } from './Sidebar.tsx';
import './CreatorLayout.css';

export default function CreatorLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const sidebarId = useId();

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <div className={menuOpen ? 'creator-layout creator-layout--menu-open' : 'creator-layout'}>
      <header className="creator-layout__topbar">
        <Link to="/" className="creator-layout__brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {PRODUCT_NAME}
        </Link>
        <button
          type="button"
          className="creator-layout__menu-button"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          Menu
        </button>
      </header>
      <Sidebar id={sidebarId} />
      <main className="creator-layout__content">
        <RouteSuspense>
          <Outlet />
        </RouteSuspense>
      </main>
    </div>
  );
}
