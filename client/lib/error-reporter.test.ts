/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { eventually, nextTurn } from '#tests/support/eventually.ts';
import { createErrorReporter, REPORTS_PER_PAGE } from './error-reporter.ts';
import { reportClientError, reportUncaughtErrors } from './report-error.ts';

/**
 * The browser's errors reach the server's log through POST logger with the body of docs/api.md
 * (message, level, stack, url, source, context), each once, at most ten a page, and reporting
 * never throws, whatever the error or the network does.
 */
type Sent = { url: string; init: RequestInit; body: Record<string, unknown> };

let sent: Sent[];
let fetchImpl: (url: string, init: RequestInit) => Promise<Response>;
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  fetchImpl = async () => new Response('{"status":"success","data":null}', { status: 202 });
  globalThis.fetch = ((url: string, init: RequestInit) => {
    sent.push({ url, init, body: JSON.parse(String(init.body)) });
    return fetchImpl(url, init);
  }) as typeof fetch;
  history.replaceState(null, '', '/en/buy-instagram-likes/?utm_source=mail');
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** What was queued has run: a report is sent at once, and a failed one is handled by then. */
const settle = nextTurn;

describe('the error reporter', () => {
  it('posts an error to /api/logger as docs/api.md gives the body', async () => {
    const report = createErrorReporter();
    const error = new TypeError('price.toFixed is not a function');
    report(error, 'react.caught', { componentStack: '\n    at PriceLine', attempt: 2 });
    await settle();
    expect(sent).toHaveLength(1);
    const [{ url, init, body }] = sent as [Sent];
    expect(url).toBe('/api/logger');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(body).toEqual({
      level: 'error',
      message: 'TypeError: price.toFixed is not a function',
      stack: error.stack,
      url: '/en/buy-instagram-likes/?utm_source=mail',
      source: 'react.caught',
      context: { componentStack: '\n    at PriceLine', attempt: 2 },
    });
    // only the fields the server takes
    expect(Object.keys(body).sort()).toEqual(
      ['context', 'level', 'message', 'source', 'stack', 'url'].sort(),
    );
  });

  it('tells each error once, whichever hook tells it', async () => {
    const report = createErrorReporter();
    const error = new Error('boom');
    report(error, 'react.caught');
    report(error, 'error-page');
    report(error, 'window.error');
    report(new Error('another'), 'window.error');
    await settle();
    expect(sent.map((entry) => [entry.body.source, entry.body.message])).toEqual([
      ['react.caught', 'boom'],
      ['window.error', 'another'],
    ]);
  });

  it(`tells at most ${REPORTS_PER_PAGE} a page`, async () => {
    const report = createErrorReporter();
    for (let n = 1; n <= 25; n++) report(new Error(`failure ${n}`), 'window.error');
    await settle();
    expect(sent).toHaveLength(REPORTS_PER_PAGE);
    expect(sent.at(-1)!.body.message).toBe(`failure ${REPORTS_PER_PAGE}`);
  });

  it('cuts what is longer than the server takes, and says what is no Error', async () => {
    const report = createErrorReporter();
    report('x'.repeat(5000), 'boot', { html: 'y'.repeat(5000) });
    report({ code: 42 }, 'unhandledrejection', undefined, 'warn');
    report(undefined, 'unhandledrejection');
    await settle();
    expect((sent[0]!.body.message as string).length).toBe(2000);
    expect(((sent[0]!.body.context as { html: string }).html as string).length).toBe(2000);
    expect(sent[1]!.body).toMatchObject({ message: '{"code":42}', level: 'warn' });
    expect(sent[2]!.body).toMatchObject({ message: 'undefined' });
  });

  it('never throws: not when fetch throws, rejects, or the error cannot be read', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    const report = createErrorReporter();
    fetchImpl = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(() => report(new Error('offline'), 'window.error')).not.toThrow();
    fetchImpl = () => {
      throw new Error('fetch is broken');
    };
    expect(() => report(new Error('broken fetch'), 'window.error')).not.toThrow();
    const hostile = {
      get message(): string {
        throw new Error('no reading me');
      },
    };
    expect(() => report(hostile, 'window.error')).not.toThrow();
    expect(() => report(10n, 'unhandledrejection')).not.toThrow();
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(sent.map((entry) => entry.body.message)).toEqual(['offline', 'broken fetch', '10']);
  });

  it('is loaded by the page’s first error, which it then posts', async () => {
    reportClientError(new Error('first of the page'), 'boot');
    // once the reporter's chunk has loaded
    await eventually(() =>
      expect(sent.map((entry) => [entry.url, entry.body.source, entry.body.message])).toEqual([
        ['/api/logger', 'boot', 'first of the page'],
      ]),
    );
  });

  it('hears the page’s uncaught errors and rejections, not a failed image or an abort', async () => {
    const report = jest.fn();
    const stop = reportUncaughtErrors(window, report);
    const error = new RangeError('Invalid time value');
    window.dispatchEvent(
      new ErrorEvent('error', {
        error,
        message: 'Uncaught RangeError: Invalid time value',
        filename: 'https://shop.test/assets/entry.client-1.js',
        lineno: 1,
        colno: 4242,
      }),
    );
    const rejection = Object.assign(new Event('unhandledrejection'), {
      reason: new Error('GET user failed'),
    });
    window.dispatchEvent(rejection);
    window.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), {
        reason: new DOMException('The operation was aborted.', 'AbortError'),
      }),
    );
    // an <img> that failed: its error event is a plain Event
    window.dispatchEvent(new Event('error'));
    expect(report.mock.calls).toEqual([
      [
        error,
        'window.error',
        { filename: 'https://shop.test/assets/entry.client-1.js', line: 1, column: 4242 },
      ],
      [rejection.reason, 'unhandledrejection'],
    ]);
    stop();
    window.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('after') }),
    );
    expect(report).toHaveBeenCalledTimes(2);
  });
});
