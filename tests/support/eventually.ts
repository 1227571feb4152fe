/**
 * Waiting for a condition instead of for a span of time: a fixed sleep flakes on a loaded
 * machine and wastes time on a fast one. Both helpers poll until the deadline and fail
 * with what they last saw.
 */
export interface PollOptions {
  /** give up after this long (default 10 s, half of Jest's test timeout) */
  timeoutMs?: number;
  /** ask again this often (default 10 ms) */
  everyMs?: number;
  /** what was awaited, for the failure message */
  what?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the first truthy value `check` returns; rejects at the deadline. */
export async function until<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, everyMs = 10, what }: PollOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what ?? String(check)}`);
    }
    await pause(everyMs);
  }
}

/** Retries `assertion` until it no longer throws; at the deadline rethrows its last error. */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeoutMs = 10_000, everyMs = 10 }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await pause(everyMs);
  }
}

/**
 * One turn of the event loop (a zero-delay timer, no span of time): the promise callbacks
 * queued so far have run, and Node has reported the rejections left unhandled. For "nothing
 * more happens once what is queued has run".
 */
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
