import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { StaffMe } from '../../../shared/staff.ts';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/endpoints.ts';

/**
 * The staff console's session (issue 33), held by the console's layout for all its pages:
 * who is signed in (`GET staff/me`), and the two-factor gate's state. Every staff page opens
 * only once `me` says enrolled and signed in; a 401 from any staff call (the staff session
 * ended) brings the code screen back.
 */
export interface StaffSession {
  /** null until `GET staff/me` answers (and on the server) */
  me: StaffMe | null;
  /** `GET staff/me` failed (403: not staff; 0: offline) */
  failure: ApiError | null;
  /** the recovery codes of an enrolment just confirmed: shown once, until `codesSaved` */
  codes: string[] | null;
  /** asks `GET staff/me` again (after a code, an enrolment, a sign-out) */
  reload: () => Promise<void>;
  /** an enrolment was confirmed: its recovery codes are shown before the console */
  enrolled: (codes: string[]) => void;
  codesSaved: () => void;
  /** a staff call answered 401: the code screen comes back */
  lost: () => void;
}

const StaffSessionContext = createContext<StaffSession | null>(null);

export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession outside the staff layout');
  return session;
}

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<StaffMe | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const reload = useCallback(async () => {
    try {
      setMe(await callApi('GET staff/me'));
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError('An error occurred', 0));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // stable: the screens' data hooks call it from an effect
  const lost = useCallback(
    () => setMe((known) => (known ? { ...known, signedIn: false } : known)),
    [],
  );

  const session: StaffSession = {
    me,
    failure,
    codes,
    reload,
    enrolled: (shown) => {
      setCodes(shown);
      void reload();
    },
    codesSaved: () => setCodes(null),
    lost,
  };
  return <StaffSessionContext.Provider value={session}>{children}</StaffSessionContext.Provider>;
}
