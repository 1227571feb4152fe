/** `react-dom/client` in the browser bundle (build/preact-plugin.ts). */
export { createRoot, hydrateRoot } from 'preact/compat/client';
