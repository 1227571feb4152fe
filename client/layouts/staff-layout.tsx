import { Outlet } from 'react-router';
import { StaffSessionProvider } from '../features/staff/staff-session.tsx';

/**
 * staff: the staff console, a chunk of its own (app/lazy-layouts.ts). It holds the
 * console's session for all its pages; the frame (header, sections, the two-factor gate) is
 * each screen's (pages/staff/staff-frame.tsx), so its styles come with the screens' own
 * stylesheets and never reach the entry's, which every landing loads.
 */
export function StaffLayout() {
  return (
    <StaffSessionProvider>
      <Outlet />
    </StaffSessionProvider>
  );
}
