/**
 * `react` in the browser bundle (build/preact-plugin.ts): preact/compat, plus the React 19
 * hooks it lacks that our libraries import. react-router's RouterProvider calls
 * `useOptimistic` and only uses its setter with `useTransitions`, which we never set.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic(state) {
  return [state, () => {}];
}
