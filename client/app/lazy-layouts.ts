import type { ComponentType } from 'react';
import type { Layout } from '#shared/routes.ts';

interface LazyLayout {
  /** The file's name without `.tsx`: the build's manifest keys the layout's chunk by it. */
  file: string;
  load: () => Promise<ComponentType>;
}

/**
 * Layouts no landing shows are chunks of their own: a page's route loads its layout with its
 * screen, and the server preloads both (server/ssr/assets.ts). The landing and default layouts
 * stay in the entry (the error pages render in the default one).
 */
export const LAZY_LAYOUTS: Partial<Record<Layout, LazyLayout>> = {
  auth: {
    file: 'auth-layout',
    load: () => import('../layouts/auth-layout.tsx').then((module) => module.AuthLayout),
  },
  cp: {
    file: 'cabinet-layout',
    load: () => import('../layouts/cabinet-layout.tsx').then((module) => module.CabinetLayout),
  },
  staff: {
    file: 'staff-layout',
    load: () => import('../layouts/staff-layout.tsx').then((module) => module.StaffLayout),
  },
};
