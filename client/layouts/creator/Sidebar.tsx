/**
 * The creator area's navigation. Groups open and close with a button that
 * reports aria-expanded; under 768px it is shown in the layout's drawer
 * instead, behind the menu button (SPEC.md section 2). Below the links, who is
 * signed in and the way out, on a phone as on a desktop.
 */
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../../app/auth.tsx';
import { useSignOut } from '../../app/useSignOut.ts';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { SIGN_OUT_LABEL, SIGNING_OUT_LABEL } from '../../content/account.ts';
import { UnreadBadge } from '../../features/messages/unread.tsx';
import { SIDEBAR_ENTRIES, groupContainsPath, isSidebarGroup, type SidebarGroup } from './sidebar-entries.ts';

/** The inbox's entries carry the unread count. */
const MESSAGES_PATH = '/messages';

function SidebarSubmenu({ group, onNavigate, unread }: { group: SidebarGroup; onNavigate: (() => void) | undefined; unread: number }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => groupContainsPath(group, pathname));
  const listId = useId();

  return (
    <li>
      <button type="button" className="sidebar__item sidebar__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((shown) => !shown)}>
        {group.label}
        {!open && group.children.some((child) => child.to === MESSAGES_PATH) && <UnreadBadge count={unread} />}
        <svg className="sidebar__chevron" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="sidebar__submenu" hidden={!open}>
        {group.children.map((child) => (
          <li key={child.to}>
            <NavLink to={child.to} className="sidebar__item sidebar__item--child" onClick={onNavigate}>
              {child.label}
              {child.to === MESSAGES_PATH && <UnreadBadge count={unread} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SidebarAccount() {
  const { user } = useAuth();
  const { signOut, signingOut, failureMessage } = useSignOut();
  return (
    <div className="sidebar__account">
      {user && (
        <p className="sidebar__signed-in">
          Signed in as <span className="sidebar__email">{user.email}</span>
        </p>
      )}
      <button type="button" className="sidebar__item sidebar__sign-out" aria-busy={signingOut || undefined} disabled={signingOut} onClick={() => void signOut()}>
        {signingOut ? SIGNING_OUT_LABEL : SIGN_OUT_LABEL}
      </button>
      <LiveMessage tone="error">{failureMessage}</LiveMessage>
    </div>
  );
}

interface SidebarProps {
  className?: string;
  /** Told when a link is followed (the drawer closes). */
  onNavigate?: () => void;
  /** Unread messages, shown beside Messages. */
  unread?: number;
}

export function Sidebar({ className, onNavigate, unread = 0 }: SidebarProps) {
  return (
    <nav className={className ? `sidebar ${className}` : 'sidebar'} aria-label="Creator area">
      <ul className="sidebar__list">
        {SIDEBAR_ENTRIES.map((entry) =>
          isSidebarGroup(entry) ? (
            <SidebarSubmenu key={entry.label} group={entry} onNavigate={onNavigate} unread={unread} />
          ) : (
            <li key={entry.to}>
              <NavLink to={entry.to} className="sidebar__item" onClick={onNavigate}>
                {entry.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
      <SidebarAccount />
    </nav>
  );
}
