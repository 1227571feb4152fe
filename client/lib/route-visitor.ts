import { createContext, type RouterContextProvider } from 'react-router';
import type { VisitorState } from '#shared/visitor.ts';

/**
 * The visitor a route's loader serves (region, currency, the meta restriction): on the server
 * the request's (server/ssr/in-process-api.ts), in the browser the store's (client/app/start.tsx).
 */
export const pageVisitorContext = createContext<VisitorState>();

export const visitorOf = (context: Readonly<RouterContextProvider>): VisitorState =>
  context.get(pageVisitorContext);
