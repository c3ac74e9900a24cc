/**
 * Who a user is on the platform (DESIGN.md "Who is who"), in two parts that
 * combine (docs/decisions/148): the account's `role` on the sites, a `creator`
 * who signed up through /signup and owns a site or a `member` who joined a
 * creator's site; and, beside it, whether the account also operates the
 * platform (`isAdmin`, set only with the CLI), so making the only creator an
 * admin leaves them a creator. The database's CHECK constraint is built from
 * ROLES, so no other role can be stored.
 */
export const ROLES = ['creator', 'member'] as const;

export type Role = (typeof ROLES)[number];

/** What `user role <email> <name>` takes: a role sets it (and ends admin); `admin` adds the operator's rights and keeps the role. */
export const ROLE_NAMES = [...ROLES, 'admin'] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}

/** A user's roles in words: `creator`, or `creator, admin`. */
export function describeRoles(user: { role: Role; isAdmin: boolean }): string {
  return user.isAdmin ? `${user.role}, admin` : user.role;
}
