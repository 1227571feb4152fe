/** The browser build's `environment.ts` (see there). */
export const ON_SERVER: boolean = false;
