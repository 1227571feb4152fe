/**
 * Whether this code runs in the server's render. The browser's production build reads
 * `environment.browser.ts` instead (build/build.ts), where it is the constant `false`, so the
 * minifier drops every server-only branch from what a page downloads; tests and the server
 * tell by the missing document.
 */
export const ON_SERVER: boolean = typeof document === 'undefined';
