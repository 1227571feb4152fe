import { isOnline } from './online.ts';

/** The JSON API of docs/api.md: `{status:'success', data}` or `{status:'error', message, statusCode}`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string>;

  constructor(message: string, statusCode: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.fields = fields;
  }
}

/**
 * Calls /api/<path>; a status other than success is thrown as an ApiError (docs/product.md §12). The
 * transport only: calls are made through endpoints.ts, which types them from the contract.
 */
export async function api(
  path: string,
  { method = 'GET', body, signal }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  // offline, nothing can succeed: the form says so at once (the banner says why)
  if (!isOnline()) throw new ApiError('The service is temporary unavailable', 0);
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('The service is temporary unavailable', 0);
  }
  const payload = (await response.json().catch(() => null)) as
    | { status: 'success'; data: unknown }
    | { status: 'error'; message?: string; statusCode?: number; errors?: Record<string, string> }
    | null;
  if (payload?.status === 'success') return payload.data;
  throw new ApiError(
    payload?.message ?? 'An error occurred',
    payload?.statusCode ?? response.status ?? 500,
    payload && 'errors' in payload ? payload.errors : {},
  );
}
