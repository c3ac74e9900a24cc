/**
 * The creator area's sidebar of SPEC.md section 2, with its exact paths. Each
 * target is a row of routes.ts under the guarded creator layout; those not
 * built yet show the not-found screen there (DESIGN.md "Sidebar routes").
 */

export interface SidebarLink {
  label: string;
  to: string;
}

export interface SidebarGroup {
  label: string;
  children: readonly SidebarLink[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

export function isSidebarGroup(entry: SidebarEntry): entry is SidebarGroup {
  return 'children' in entry;
}

export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  {
    label: 'Dashboard',
    children: [
      { label: 'Overview', to: '/dashboard/overview' },
      { label: 'Reports', to: '/dashboard/reports' },
      { label: 'Recent Activity', to: '/dashboard/activity' },
    ],
  },
  { label: 'Upload content', to: '/upload' },
  { label: 'Subscribers', children: [{ label: 'All subscribers', to: '/subscribers' }] },
  { label: 'Messages', children: [{ label: 'Inbox', to: '/messages' }] },
  { label: 'Earn', to: '/earn' },
  { label: 'Domain', to: '/domain' },
  { label: 'Customize site', to: '/customize-site' },
  { label: 'Preview page', to: '/preview-page' },
  {
    label: 'Settings',
    children: [
      { label: 'General', to: '/settings/general' },
      { label: 'Advanced', to: '/settings/advanced' },
      { label: 'Import', to: '/settings/import' },
      { label: 'Export', to: '/settings/export' },
      { label: 'Account', to: '/settings/account' },
    ],
  },
  // SPEC.md gives this one as the relative path 'support', so it resolves against the current page.
  { label: 'Support', to: 'support' },
];

/** Whether a group holds the page being shown, so it starts open. */
export function groupContainsPath(group: SidebarGroup, pathname: string): boolean {
  return group.children.some((child) => child.to.startsWith('/') && (pathname === child.to || pathname.startsWith(`${child.to}/`)));
}
