/**
 * Renders take turns: one page starts per turn of the event loop, in the order they came.
 *
 * libuv accepts one new connection per loop turn (libuv#3696). When every request renders
 * within the turn that read it, a busy turn holds as many renders as there are connections
 * with a request waiting (50 × ~1.7 ms), so a burst of new connections was let in one per
 * ~85 ms and their first requests waited up to 2.6 s (the bench's p99 at 50 connections).
 * Starting one render per turn (setImmediate yields to the poll phase between them) keeps a
 * turn to one render: new connections are accepted and read between renders, and pages are
 * rendered first come, first served. When the server is idle a page waits one setImmediate.
 */
export interface RenderTurns {
  /** Resolves when it is this request's turn to render. */
  next(): Promise<void>;
  /** Requests waiting for their turn. */
  readonly waiting: number;
}

export function renderTurns(): RenderTurns {
  const queue: (() => void)[] = [];
  let head = 0;
  let scheduled = false;

  const grant = () => {
    const start = queue[head];
    head += 1;
    // a queue that never runs empty under load is compacted now and then, not per shift
    if (head === queue.length || head > 1024) {
      queue.splice(0, head);
      head = 0;
    }
    // the page renders in this turn's microtasks, right after this callback
    start?.();
    if (head < queue.length) setImmediate(grant);
    else scheduled = false;
  };

  return {
    next() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(grant);
        }
      });
    },
    get waiting() {
      return queue.length - head;
    },
  };
}
