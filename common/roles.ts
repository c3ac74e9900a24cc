/**
 * Who a user is on the platform (DESIGN.md "Who is who"): a `creator` signed up
 * through /signup and owns a site, a `member` joined a creator's site, an
 * `admin` operates the platform (set only with the CLI). The database's CHECK
 * constraint is built from this list, so no other value can be stored.
 */
export const ROLES = ['creator', 'member', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
