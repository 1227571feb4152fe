/**
 * react-dom's production module makes five errors at its top level that it throws and catches
 * as signals (a suspended render, a hydration mismatch, …). Chromium records a detailed stack
 * of every error made, and for it V8 parses the frames' functions once more for their source
 * positions; one of those frames is react-dom's module function, ~200 KiB of source: ~40 ms
 * of the React stage's evaluation on a phone (Chromium at 4× CPU). The browser build
 * (build/react-signal-errors.ts) has react-dom take these errors from here instead, made
 * before its module runs, where the stack is this small module's.
 */
export const SIGNAL_ERROR_CODES = [460, 461, 474, 519, 542] as const;

const made = new Map<number, Error>(SIGNAL_ERROR_CODES.map((code) => [code, new Error()]));

/** The error made ahead for React's code, with React's own message; each is handed out once. */
export function signalError(code: number, message: string): Error {
  // a code not made ahead (a newer React) still gets its error, only made in react-dom's frame
  const error = made.get(code) ?? new Error();
  made.delete(code);
  error.message = message;
  return error;
}
