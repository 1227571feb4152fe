import type { ErrorReport } from './error-reporter.ts';

/**
 * The page's errors into the server's log (POST logger): what the entry, React's hooks and the
 * error page call. The reporter itself (client/lib/error-reporter.ts: once each, at most ten a
 * page) is a chunk loaded on the first error, so a page without errors carries only this.
 * Never throws; a reporter that cannot be loaded drops the report.
 */
export const reportClientError: ErrorReport = (error, source, context, level) => {
  import('./error-reporter.ts').then(
    (reporter) => reporter.reportNow(error, source, context, level),
    () => {},
  );
};

/**
 * Reports the page's uncaught errors and unhandled rejections (a resource that failed to load
 * is no script error and is left to the browser). Returns what stops it.
 */
export function reportUncaughtErrors(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  report: ErrorReport = reportClientError,
): () => void {
  const onError = (event: Event) => {
    if (!('message' in event)) return;
    const { error, message, filename, lineno, colno } = event as ErrorEvent;
    report(error ?? message, 'window.error', { filename, line: lineno, column: colno });
  };
  const onRejection = (event: Event) => {
    const { reason } = event as PromiseRejectionEvent;
    // a request given up on purpose is no fault
    if ((reason as { name?: string } | null)?.name === 'AbortError') return;
    report(reason, 'unhandledrejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
