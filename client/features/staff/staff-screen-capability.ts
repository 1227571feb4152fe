import { createContext } from 'react';
import type { Capability } from '#shared/staff-permissions.ts';

/**
 * The capability the shown screen needs (pages/staff/staff.page.tsx gives it): the frame says
 * "not allowed" without it, and the page's loader reads the screen's data only with it.
 */
export const StaffScreenCapability = createContext<Capability | null>(null);
