import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { StaffMe } from '#shared/staff.ts';
import type { StaffRouteData } from './staff-route.loader.ts';

/**
 * The staff console's session: who is signed in (`GET staff/me`, read by every staff page's
 * loader, staff-route.loader.ts) and the two-factor gate's state the layout keeps across its
 * pages. Every staff page opens only once `me` says enrolled and signed in; a 401 from any
 * staff call (the staff session ended) revalidates the loader, whose `me` then brings the code
 * screen back.
 */
export interface StaffSession {
  me: StaffMe;
  /** the recovery codes of an enrolment just confirmed: shown once, until `codesSaved` */
  codes: string[] | null;
  /** an enrolment was confirmed: its recovery codes are shown before the console */
  enrolled: (codes: string[]) => void;
  /** the codes are put away: the loader reads the console (and the screen's data) again */
  codesSaved: () => void;
  /** a staff call answered 401: the loader reads `me` again, which says signed out */
  lost: () => void;
}

interface Codes {
  codes: string[] | null;
  setCodes: (codes: string[] | null) => void;
}

const StaffCodesContext = createContext<Codes | null>(null);

export function useStaffSession(): StaffSession {
  const held = useContext(StaffCodesContext);
  if (!held) throw new Error('useStaffSession outside the staff layout');
  const { me } = useLoaderData<StaffRouteData>();
  const { revalidate } = useRevalidator();
  // stable: a 401 seen by an effect asks once
  const lost = useCallback(() => void revalidate(), [revalidate]);
  return {
    me,
    codes: held.codes,
    enrolled: held.setCodes,
    codesSaved: () => {
      held.setCodes(null);
      void revalidate();
    },
    lost,
  };
}

/** Holds the gate's state (the codes of an enrolment just confirmed) for the console's pages. */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <StaffCodesContext.Provider value={{ codes, setCodes }}>{children}</StaffCodesContext.Provider>
  );
}
