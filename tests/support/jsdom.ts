import { TextDecoder, TextEncoder } from 'node:util';

/**
 * What jsdom lacks and the components (or react-router) use in the browser. Each jsdom test
 * imports this first: react-router reads TextEncoder as it loads.
 */

/**
 * react-router's data routers make a Request of every navigation (no loader reads it here);
 * jsdom has no fetch API, and Node's Request would refuse jsdom's AbortSignal.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | null;
  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = String(input);
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? null;
  }
}

Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  ...(typeof globalThis.Request === 'undefined' ? { Request: NavigationRequest } : {}),
});

// jsdom lays nothing out and so scrolls nothing: a no-op a test can spy on
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
