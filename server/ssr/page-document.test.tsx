import { PassThrough } from 'node:stream';
import vm from 'node:vm';
import { Suspense, use, useId } from 'react';
import { preinit, preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import { entryLoader, wholeDocument } from './page-document.tsx';

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
    expect(normalised(whole as string)).toBe(normalised(await streamed(<Page />)));
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

describe('entryLoader', () => {
  /** Runs the loader among fakes: its timers' tasks and frames run when the test says. */
  function runLoader(intl: Record<string, unknown>) {
    const tasks: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const context = vm.createContext({
      Intl: intl,
      document: {
        documentElement: { lang: 'tr' },
        createElement: () => ({}),
        head: { append() {} },
      },
      window: {},
      addEventListener() {},
      removeEventListener() {},
      requestAnimationFrame: (frame: () => void) => frames.push(frame),
      setTimeout: (task: () => void, delay = 0) => {
        if (delay === 0) tasks.push(task);
      },
    });
    const source = entryLoader(ENTRY).replace(/import\(/, 'imported.push(');
    vm.runInContext(`const imported = []; ${source}; this.imported = imported;`, context);
    const nextTask = () => tasks.shift()?.();
    const importedNow = () => context.imported as string[];
    return { frames, nextTask, importedNow };
  }

  it('asks ICU for the page’s language first, and imports the entry after the first frame', () => {
    const asked: string[] = [];
    const run = runLoader({
      NumberFormat: { supportedLocalesOf: (lang: string) => asked.push(lang) },
    });
    expect(asked).toEqual(['tr']);
    expect(run.importedNow()).toEqual([]);
    for (const frame of run.frames) frame();
    run.nextTask();
    expect(run.importedNow()).toEqual([ENTRY]);
  });

  it('goes on without ICU (a browser without Intl)', () => {
    const run = runLoader({});
    for (const frame of run.frames) frame();
    run.nextTask();
    expect(run.importedNow()).toEqual([ENTRY]);
  });
});
