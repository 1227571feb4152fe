import { mainRole, type RoleName } from './roles.ts';

/**
 * The staff console's permission matrix (docs/operations.md "Staff console"): what
 * each role may do. The server enforces it in one place (server/modules/staff/staff-access.ts)
 * for every /api/staff/ call; the console only uses it to leave out what a role cannot open.
 */
export const CAPABILITIES = [
  /** the dashboard's figures */
  'dashboard',
  /** orders: find, read, and act (resend, switch provider, cancel, partial, refill) */
  'orders',
  /** users: find and read; adjust balances (moderators up to a limit), discount, block, log out */
  'users',
  /** set a user's roles */
  'roles',
  /** approve or reject a moderator's balance adjustment above their 24-hour cap */
  'adjustments',
  /** services, their texts, limits and provider mapping; importing from a provider */
  'catalogue',
  /** price tiers */
  'prices',
  /** providers: add, test, enable */
  'providers',
  /** payments and their gateway events */
  'payments',
  /** withdrawal requests: pay or reject */
  'withdrawals',
  /** articles and landing copy */
  'content',
  /** the audit log */
  'audit',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export type StaffRole = Exclude<RoleName, 'user'>;

const EVERYTHING: readonly Capability[] = CAPABILITIES;

/** Role → capabilities. proxy opens nothing but its own profile (no capability). */
export const PERMISSIONS: Readonly<Record<StaffRole, readonly Capability[]>> = {
  admin: EVERYTHING,
  manager: ['dashboard', 'orders', 'catalogue', 'prices', 'providers'],
  moderator: ['dashboard', 'orders', 'users', 'withdrawals'],
  seo: ['content'],
  proxy: [],
};

/** The staff role of these roles, or null for a customer. */
export function staffRoleOf(roles: readonly string[]): StaffRole | null {
  const role = mainRole(roles);
  return role === 'user' ? null : role;
}

export const can = (role: StaffRole, capability: Capability): boolean =>
  PERMISSIONS[role].includes(capability);
