import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

/**
 * What jsdom lacks and the components (or react-router) use in the browser. Each jsdom test
 * imports this first: react-router reads TextEncoder as it loads.
 */

/**
 * react-router's data routers make a Request of every navigation and submission; jsdom has
 * no fetch API, and Node's Request would refuse jsdom's AbortSignal. A fetcher's JSON
 * submission is read back by the action (`request.json()`).
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | null;
  readonly headers: Headers;
  readonly #body: string;
  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = String(input);
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? null;
    this.headers = new Headers(init.headers);
    this.#body = typeof init.body === 'string' ? init.body : '';
  }
  async text(): Promise<string> {
    return this.#body;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.#body);
  }
}

Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  ...(typeof globalThis.Request === 'undefined' ? { Request: NavigationRequest } : {}),
});

// jsdom lays nothing out and so scrolls nothing: a no-op a test can spy on
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// a page renders after its loader and its lazily compiled screen: with every test file run in
// parallel on two cores that can take over the library's default second, so findBy/waitFor
// wait up to five before they call a screen missing
configure({ asyncUtilTimeout: 5000 });
