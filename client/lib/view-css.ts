import { createContext } from 'react';

/** Stylesheets of each screen, by view name, from the build manifest. */
export const ViewCssContext = createContext<Record<string, string[]>>({});
