import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/**
 * Fizz marks a Suspense boundary it could not finish on the server (its content suspended or
 * threw) with this comment; text React writes is escaped, so a page's copy cannot contain it.
 */
export const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** The latest the entry starts loading when no frame comes (a tab opened in the background). */
const ENTRY_LOADER_FALLBACK_MS = 1000;

/**
 * The page's one script of its own: it imports the entry after the first paint. Linked as a
 * module script (and preloaded, as React does), the entry (the app, ~150 KiB gzip) is fetched
 * alongside the stylesheets and the page paints once it has arrived; started after a frame,
 * the first paint needs the HTML and CSS only. A hidden tab paints no frame: the timer starts
 * it then. With the entry it preloads the files the entry imports in stages (`preload`:
 * fetched and compiled at once, each evaluated when its stage comes: client/entry.client.tsx).
 * Paths are build paths (JSON keeps the script well-formed regardless).
 * Until React has a root it also notes the buttons clicked (React hears no
 * event before `hydrateRoot`, and replays those it hears before a region has hydrated): the
 * entry clicks them again once the root is there (`window.__earlyClicks`); a form's submit
 * button does not submit the form as a plain GET meanwhile (the e-mail would land in the
 * address). Links and fields need nothing: the browser follows a link, and a field keeps what
 * was typed into it.
 */
export function entryLoader(entry: string, preload: readonly string[] = []): string {
  return (
    `{const q=[],c=e=>{const b=e.target.closest?.("button");if(b&&!b.disabled){q.push(b);if(b.type==="submit")e.preventDefault()}};` +
    `addEventListener("click",c,true);window.__earlyClicks=()=>(removeEventListener("click",c,true),q);` +
    `let d=0;const l=()=>{if(!d){d=1;import(${JSON.stringify(entry)});` +
    `for(const h of ${JSON.stringify(preload)}){const k=document.createElement("link");k.rel="modulepreload";k.href=h;document.head.append(k)}}};` +
    `requestAnimationFrame(()=>setTimeout(l));setTimeout(l,${ENTRY_LOADER_FALLBACK_MS})}`
  );
}

/**
 * The page's first script, first in its <head>: it asks ICU for the page's language. A page's
 * first number format loads ICU's data in one go, 40–120 ms on a phone (Chromium at 4× CPU)
 * that no task can split; here it runs while the stylesheets are on their way, before the
 * first paint, not as a long task of a page already shown (the end of <body> comes after the
 * stylesheets have arrived). The server writes it in, as it does the entry's loader at the end:
 * React leaves a script it did not render in <head> alone when it hydrates.
 */
export const HEAD_SCRIPT =
  'try{Intl.NumberFormat.supportedLocalesOf(document.documentElement.lang)}catch{}';

const HEAD = '<head>';

/** An inline script, with the response's CSP nonce when it has one. */
const scriptTag = (content: string, nonce: string | undefined) =>
  `<script${nonce ? ` nonce="${nonce}"` : ''}>${content}</script>`;

/** A chunk of the document with the head script right after its `<head>`, if it has one. */
function withHeadScript(chunk: Buffer, nonce: string | undefined): Buffer | null {
  const head = chunk.indexOf(HEAD) + HEAD.length;
  if (head < HEAD.length) return null;
  return Buffer.concat([
    chunk.subarray(0, head),
    Buffer.from(scriptTag(HEAD_SCRIPT, nonce)),
    chunk.subarray(head),
  ]);
}

const DOCTYPE = Buffer.from('<!DOCTYPE html>');
const BOUNDARY_TAIL = CLIENT_RENDERED_BOUNDARY.slice(CLIENT_RENDERED_BOUNDARY.indexOf('$'));

/**
 * The complete document as bytes, or null when part of the page suspended (slow data behind a
 * Suspense boundary) or failed: such a page is streamed instead. A page whose loaders have
 * run has everything it shows, and `renderToString` builds it from strings where the stream
 * encodes every small chunk into bytes as it goes (home rendered: ~20 % more pages a second).
 * The markup is the stream's, down to the bootstrap script (no id on it: React's marks the
 * end of a streamed shell). React's string is encoded once and searched and spliced as bytes.
 */
export function wholeDocument(
  element: ReactNode,
  loader: string,
  nonce: string | undefined,
): Buffer | null {
  let html: Buffer;
  try {
    html = Buffer.from(renderToString(element));
  } catch {
    // a component suspended outside any boundary, or the shell threw: the stream handles both
    return null;
  }
  // its tail first: '$' is rare in a page, so the search skips along (~0.5 µs, not ~17)
  if (html.includes(BOUNDARY_TAIL) && html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  const end = html.lastIndexOf('</body>');
  if (end < 0) return null;
  const head = html.indexOf(HEAD) + HEAD.length;
  if (head < HEAD.length) return null;
  return Buffer.concat([
    DOCTYPE,
    html.subarray(0, head),
    Buffer.from(scriptTag(HEAD_SCRIPT, nonce)),
    html.subarray(head, end),
    Buffer.from(scriptTag(loader, nonce)),
    html.subarray(end),
  ]);
}

interface StreamOptions {
  /** The page's script (`entryLoader`). */
  loader: string;
  nonce: string | undefined;
  /** Crawlers get the complete document; people get the shell as soon as it is ready. */
  waitForAll: boolean;
  timeoutMs: number;
  /** Sets status and headers; true when the body may be kept in the page cache. */
  start: (failed: boolean) => boolean;
  /** The complete body of a page that rendered without errors, for the page cache. */
  onComplete: (body: Buffer) => void;
  onShellError: (error: unknown) => void;
  onError: (error: unknown) => void;
}

/** Collects what React writes (before compression) and hands it over when React ends. */
function captureBody(res: Response, onEnd: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (chunk && typeof chunk !== 'function')
      chunks.push(Buffer.from(chunk as string | Uint8Array));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk);
    const result = end(chunk, ...rest);
    onEnd(Buffer.concat(chunks));
    return result;
  }) as Response['end'];
}

/** Writes the head script into the first chunk of the stream that opens <head>. */
function writeHeadScript(res: Response, nonce: string | undefined): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  let written = false;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!written && chunk && typeof chunk !== 'function') {
      const withScript = withHeadScript(Buffer.from(chunk as string | Uint8Array), nonce);
      if (withScript) {
        written = true;
        return write(withScript, ...rest);
      }
    }
    return write(chunk, ...rest);
  }) as Response['write'];
}

/** A page with slow parts: React streams it, Suspense content following the shell. */
export function streamDocument(element: ReactNode, res: Response, options: StreamOptions): void {
  let failed = false;
  let complete = false;
  const send = () => {
    if (options.start(failed)) {
      captureBody(res, (body) => {
        // React ends the response before it reports onAllReady: decide a tick later
        setImmediate(() => {
          if (complete && !failed) options.onComplete(body);
        });
      });
    }
    writeHeadScript(res, options.nonce);
    stream.pipe(res);
  };
  const stream = renderToPipeableStream(element, {
    nonce: options.nonce,
    bootstrapScriptContent: options.loader,
    onShellReady() {
      if (!options.waitForAll) send();
    },
    onAllReady() {
      complete = true;
      if (options.waitForAll) send();
    },
    onShellError: options.onShellError,
    onError(error: unknown) {
      failed = true;
      options.onError(error);
    },
  });
  // a render that never finishes must not hold the connection forever
  const timer = setTimeout(() => stream.abort(new Error('render timed out')), options.timeoutMs);
  res.on('close', () => clearTimeout(timer));
}

interface SendOptions {
  /** The page's script (`entryLoader`). */
  loader: string;
  nonce: string | undefined;
  /** the loaders' status (200, or 404 for a page that is not there) */
  status: number;
  /** crawlers get the complete document; people get the shell as soon as it is ready */
  waitForAll: boolean;
  timeoutMs: number;
  /** Keeps a page that rendered whole with status 200 (the page cache), when it may be kept. */
  keep: ((body: Buffer) => void) | null;
  /** Called once a whole document is out (the page's kept subtrees are rendered then). */
  onSent: () => void;
  onShellError: (error: unknown) => void;
  onError: (error: unknown) => void;
}

/** Writes a page: whole when nothing in it waits (the usual case), else streamed. */
export function sendDocument(element: ReactNode, res: Response, options: SendOptions): void {
  const start = (status: number) => {
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-cache');
    return options.keep !== null && status === 200;
  };
  const body = wholeDocument(element, options.loader, options.nonce);
  if (body !== null) {
    if (start(options.status)) options.keep?.(body);
    res.end(body);
    options.onSent();
    return;
  }
  streamDocument(element, res, {
    loader: options.loader,
    nonce: options.nonce,
    waitForAll: options.waitForAll,
    timeoutMs: options.timeoutMs,
    start: (failed) => start(failed ? 500 : options.status),
    onComplete: (page) => options.keep?.(page),
    onShellError: options.onShellError,
    onError: options.onError,
  });
}
