import { describe, expect, it } from 'vitest';
import { SIDEBAR_ENTRIES, groupContainsPath, isSidebarGroup, type SidebarGroup } from './sidebar-entries.ts';

function paths(): string[] {
  return SIDEBAR_ENTRIES.flatMap((entry) => (isSidebarGroup(entry) ? entry.children.map((child) => child.to) : [entry.to]));
}

describe('sidebar entries', () => {
  it('carry the exact paths of SPEC.md', () => {
    expect(paths()).toEqual([
      '/dashboard/overview',
      '/dashboard/reports',
      '/dashboard/activity',
      '/upload',
      '/subscribers',
      '/messages',
      '/earn',
      '/domain',
      '/customize-site',
      '/preview-page',
      '/settings/general',
      '/settings/advanced',
      '/settings/import',
      '/settings/export',
      '/settings/account',
      'support',
    ]);
  });

  it('open the group that holds the current page', () => {
    const settings = SIDEBAR_ENTRIES.find((entry) => entry.label === 'Settings') as SidebarGroup;
    expect(groupContainsPath(settings, '/settings/advanced')).toBe(true);
    expect(groupContainsPath(settings, '/settings-other')).toBe(false);
    expect(groupContainsPath(settings, '/onboarding')).toBe(false);
  });
});
