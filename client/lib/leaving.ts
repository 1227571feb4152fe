import { useLocation, useNavigation } from 'react-router';

/**
 * True while a navigation to another page is under way: a write a screen had put off (a search
 * typed, waiting to go into the URL; an address that follows a payment) must not start a
 * navigation of its own then, or it would cancel the one the visitor asked for.
 */
export function useLeaving(): boolean {
  const { pathname } = useLocation();
  const to = useNavigation().location?.pathname;
  return to !== undefined && to !== pathname;
}
