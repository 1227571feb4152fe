/**
 * `react-dom` in the browser bundle (build/preact-plugin.ts). The resource hints are the
 * server's work (React writes them into the document's head); in the browser there is
 * nothing left for them to do.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

export function preinit() {}
export function preloadModule() {}
