/** Roles of docs/product.md §11, in precedence order; a user with none of them is a 'user'. */
export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_MODERATOR',
  'ROLE_MANAGER',
  'ROLE_SEO',
  'ROLE_PROXY',
] as const;
export type Role = (typeof ROLES)[number];
export type RoleName = 'admin' | 'moderator' | 'manager' | 'seo' | 'proxy' | 'user';

const NAMES: Record<Role, RoleName> = {
  ROLE_ADMIN: 'admin',
  ROLE_MODERATOR: 'moderator',
  ROLE_MANAGER: 'manager',
  ROLE_SEO: 'seo',
  ROLE_PROXY: 'proxy',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The highest role a user holds: admin > moderator > manager > seo > proxy > user. */
export function mainRole(roles: readonly string[]): RoleName {
  const held = ROLES.find((role) => roles.includes(role));
  return held ? NAMES[held] : 'user';
}

/** The staff toggle: admins, moderators and managers use min/max and see FAKE services. */
export function isStaff(roles: readonly string[]): boolean {
  return ['admin', 'moderator', 'manager'].includes(mainRole(roles));
}

/** seo and proxy accounts have no cabinet. */
export function hasNoCabinet(roles: readonly string[]): boolean {
  return ['seo', 'proxy'].includes(mainRole(roles));
}
