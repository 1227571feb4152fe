import type { ClientLogEntry } from '#shared/api-contract/content.ts';

/**
 * The browser's errors into the server's log (POST logger, docs/api.md): an uncaught error or
 * rejection of the page, what React recovered from or caught while hydrating and rendering,
 * an error page's own error. A page load reports at most REPORTS_PER_PAGE of them, each once
 * (by its message and first frames); reporting never throws and nothing waits for it. This
 * file is a chunk of its own, loaded on the page's first error (report-error.ts).
 */
export const REPORTS_PER_PAGE = 10;

/** The server's limits on each field (tools.routes.ts): longer ones would be refused. */
const LIMITS = { message: 2000, stack: 8000, url: 2000, source: 200, context: 2000 } as const;

/** Noise that names no fault of ours: the browser's resize loop notice, a foreign script's. */
const IGNORED = /^(?:ResizeObserver loop\b|Script error\.?$)/;

type Level = NonNullable<ClientLogEntry['level']>;
type Context = NonNullable<ClientLogEntry['context']>;

export type ErrorReport = (
  error: unknown,
  source: string,
  context?: Record<string, unknown>,
  level?: Level,
) => void;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error || (error && typeof error === 'object' && 'message' in error)) {
    const { name, message, stack } = error as Error;
    const text = String(message ?? '');
    return {
      message: name && name !== 'Error' && !text.startsWith(name) ? `${name}: ${text}` : text,
      ...(typeof stack === 'string' && stack ? { stack } : {}),
    };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The context's values as the log takes them: plain values, long texts cut. */
function plain(context: Record<string, unknown>): Context {
  const out: Context = {};
  for (const [key, value] of Object.entries(context).slice(0, 20)) {
    if (value === undefined) continue;
    out[key] =
      typeof value === 'number' || typeof value === 'boolean' || value === null
        ? value
        : String(value).slice(0, LIMITS.context);
  }
  return out;
}

function post(entry: ClientLogEntry): Promise<unknown> {
  // keepalive: an error just before the page goes still reaches the server
  return fetch('/api/logger', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(entry),
  });
}

/** A reporter with its own count and memory (the page has one: reportClientError). */
export function createErrorReporter({
  send = post,
  limit = REPORTS_PER_PAGE,
  where = () => location.pathname + location.search,
}: {
  send?: (entry: ClientLogEntry) => Promise<unknown>;
  limit?: number;
  /** the page's address, without its origin */
  where?: () => string;
} = {}): ErrorReport {
  const told = new Set<string>();
  return (error, source, context, level = 'error') => {
    try {
      if (told.size >= limit) return;
      const { message, stack } = describe(error);
      if (IGNORED.test(message)) return;
      // the same error told by two hooks (React's and the error page's) is one report
      const key = `${message}\n${stack?.split('\n', 3).join('\n') ?? ''}`;
      if (told.has(key)) return;
      told.add(key);
      const entry: ClientLogEntry = {
        level,
        message: message.slice(0, LIMITS.message) || '(no message)',
        source: source.slice(0, LIMITS.source),
        url: where().slice(0, LIMITS.url),
        ...(stack ? { stack: stack.slice(0, LIMITS.stack) } : {}),
        ...(context ? { context: plain(context) } : {}),
      };
      send(entry).catch(() => {});
    } catch {
      // a report that cannot be made is dropped: the page goes on
    }
  };
}

/** The page's reporter (report-error.ts hands it the page's errors, loading this on the first). */
export const reportNow: ErrorReport = createErrorReporter();
