import { PassThrough } from 'node:stream';
import vm from 'node:vm';
import express from 'express';
import { Suspense, use, useId } from 'react';
import { preinit, preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import request from 'supertest';
import { entryLoader, HEAD_SCRIPT, sendDocument, wholeDocument } from './page-document.tsx';

const ENTRY = '/assets/entry.client-TEST.js';
const NONCE = 'bm9uY2Utb2YtdGVzdA';

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

/** A small document with what pages use: hoisted title and links, ids, a boundary, scripts. */
function Page({ data }: { data?: Promise<string> }) {
  preinit('/assets/entry.css', { as: 'style', precedence: 'default' });
  preloadModule('/assets/chunks/home.js', { as: 'script' });
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>
        <title>Home &amp; more</title>
        <link rel="canonical" href="https://example.test/en/" />
        <main>
          <h1>{'Likes <for> "you"'}</h1>
          <Field label="Link" />
          <Field label="Quantity" />
          <Suspense fallback={<p>Loading</p>}>
            {data ? <Slow data={data} /> : <p>ready</p>}
          </Suspense>
        </main>
        <script type="application/json" id="__state" nonce={NONCE}>
          {'{}'}
        </script>
      </body>
    </html>
  );
}

function Slow({ data }: { data: Promise<string> }) {
  return <p>{use(data)}</p>;
}

/** What React's stream writes for the same element, with the entry's loader as its bootstrap. */
function streamed(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let html = '';
    sink.setEncoding('utf8');
    sink.on('data', (chunk: string) => {
      html += chunk;
    });
    sink.on('end', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      nonce: NONCE,
      bootstrapScriptContent: entryLoader(ENTRY),
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

/** Attributes in a fixed order, and without the id React gives its bootstrap script. */
function normalised(html: string): string {
  return html
    .replace(' id="_R_"', '')
    .replace(/<(link|script) ([^>]*?)(\/?)>/g, (_tag, name: string, attrs: string, close) => {
      const sorted = (attrs.match(/[\w-]+(="[^"]*")?/g) ?? []).sort().join(' ');
      return `<${name} ${sorted}${close}>`;
    });
}

describe('wholeDocument', () => {
  it('writes the same document as the stream, bootstrap script included', async () => {
    const whole = wholeDocument(<Page />, entryLoader(ENTRY), NONCE)?.toString();
    expect(whole).toBeDefined();
    // the stream's, with the head script first in <head> (as streamDocument writes it in)
    const head = `<head><script nonce="${NONCE}">${HEAD_SCRIPT}</script>`;
    expect(whole).toContain(`${head}<meta charSet="utf-8"/><link rel="stylesheet"`);
    expect(normalised(whole as string)).toBe(
      normalised((await streamed(<Page />)).replace('<head>', head)),
    );
    expect(whole).toMatch(/^<!DOCTYPE html><html/);
    expect(whole).toContain(
      `<script nonce="${NONCE}">${entryLoader(ENTRY)}</script></body></html>`,
    );
    // nothing fetches the entry before the loader runs (after the first paint)
    expect(whole?.split(ENTRY)).toHaveLength(2);
  });

  it('leaves a page whose content waits on slow data to the stream', () => {
    const pending = new Promise<string>(() => {});
    expect(wholeDocument(<Page data={pending} />, entryLoader(ENTRY), NONCE)).toBeNull();
  });

  it('leaves a page that suspends outside any boundary, or throws, to the stream', () => {
    const pending = new Promise<string>(() => {});
    const Throws = () => {
      throw new Error('broken');
    };
    expect(wholeDocument(<Slow data={pending} />, entryLoader(ENTRY), NONCE)).toBeNull();
    expect(wholeDocument(<Throws />, entryLoader(ENTRY), NONCE)).toBeNull();
  });

  it('writes no nonce attribute when the page has none', () => {
    const whole = wholeDocument(<Page />, entryLoader(ENTRY), undefined)?.toString();
    expect(whole).toContain(`<script>${entryLoader(ENTRY)}</script>`);
  });
});

describe('sendDocument', () => {
  it('streams a page with slow parts with the head script first in <head>, once', async () => {
    const kept: Buffer[] = [];
    const app = express().get('/', (_req, res) => {
      const data = new Promise<string>((resolve) => setTimeout(() => resolve('slow part'), 20));
      sendDocument(<Page data={data} />, res, {
        loader: entryLoader(ENTRY),
        nonce: NONCE,
        status: 200,
        waitForAll: false,
        timeoutMs: 5000,
        keep: (body) => kept.push(body),
        onSent() {},
        onShellError: (error) => {
          throw error;
        },
        onError: (error) => {
          throw error;
        },
      });
    });
    const { text } = await request(app).get('/').expect(200);
    const head = `<head><script nonce="${NONCE}">${HEAD_SCRIPT}</script><meta charSet="utf-8"/>`;
    expect(text).toContain(head);
    expect(text.split(HEAD_SCRIPT)).toHaveLength(2);
    expect(text).toContain('slow part');
    // the page cache keeps what was sent
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.map(String)).toEqual([text]);
  });
});

describe('entryLoader', () => {
  /** Runs the loader among fakes: its timers and frames run when the test says. */
  function runLoader() {
    const timers: { task: () => void; delay: number }[] = [];
    const frames: (() => void)[] = [];
    const context = vm.createContext({
      document: { createElement: () => ({}), head: { append() {} } },
      window: {},
      addEventListener() {},
      removeEventListener() {},
      requestAnimationFrame: (frame: () => void) => frames.push(frame),
      setTimeout: (task: () => void, delay = 0) => timers.push({ task, delay }),
    });
    const source = entryLoader(ENTRY).replace(/import\(/, 'imported.push(');
    vm.runInContext(`const imported = []; ${source}; this.imported = imported;`, context);
    const runTimers = (delay: number) => {
      for (const timer of timers.splice(0).filter((timer) => timer.delay === delay)) timer.task();
    };
    return { frames, runTimers, imported: () => context.imported as string[] };
  }

  it('imports the entry once, in a task after the first frame', () => {
    const run = runLoader();
    expect(run.imported()).toEqual([]);
    for (const frame of run.frames.splice(0)) frame();
    run.runTimers(0);
    expect(run.imported()).toEqual([ENTRY]);
    run.runTimers(1000);
    expect(run.imported()).toEqual([ENTRY]);
  });

  it('imports it after a second when no frame comes (a tab opened in the background)', () => {
    const run = runLoader();
    run.runTimers(1000);
    expect(run.imported()).toEqual([ENTRY]);
  });
});

describe('HEAD_SCRIPT', () => {
  const run = (intl: unknown) =>
    vm.runInContext(
      HEAD_SCRIPT,
      vm.createContext({ Intl: intl, document: { documentElement: { lang: 'tr' } } }),
    );

  it('asks ICU for the page’s language', () => {
    const asked: string[] = [];
    run({ NumberFormat: { supportedLocalesOf: (lang: string) => asked.push(lang) } });
    expect(asked).toEqual(['tr']);
  });

  it('throws nothing in a browser without Intl', () => {
    expect(() => run(undefined)).not.toThrow();
  });
});
