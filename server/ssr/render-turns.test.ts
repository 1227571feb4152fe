import { renderTurns } from './render-turns.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('renderTurns', () => {
  it('lets one render start per turn of the event loop, first come first served', async () => {
    const turns = renderTurns();
    const started: number[] = [];
    const all = [1, 2, 3].map((n) => turns.next().then(() => started.push(n)));
    expect(turns.waiting).toBe(3);
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1]);
    expect(turns.waiting).toBe(2);
    await nextTurn();
    expect(started).toEqual([1, 2]);
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
    expect(turns.waiting).toBe(0);
    await Promise.all(all);
  });

  it('lets I/O in between: a connection accepted while pages wait is read before they all ran', async () => {
    const turns = renderTurns();
    const events: string[] = [];
    const pages = Array.from({ length: 5 }, (_, n) =>
      turns.next().then(() => {
        events.push(`page ${n}`);
        // the page's own render: a busy millisecond
        const end = performance.now() + 1;
        while (performance.now() < end);
      }),
    );
    // a timer stands for the poll phase's I/O: it runs between two pages, not after all five
    setTimeout(() => events.push('io'), 0);
    await Promise.all(pages);
    expect(events.indexOf('io')).toBeGreaterThan(0);
    expect(events.indexOf('io')).toBeLessThan(events.length - 1);
  });

  it('keeps its order through a long queue (compacted as it goes)', async () => {
    const turns = renderTurns();
    const started: number[] = [];
    const all = Array.from({ length: 3000 }, (_, n) => turns.next().then(() => started.push(n)));
    await Promise.all(all);
    expect(started).toEqual(Array.from({ length: 3000 }, (_, n) => n));
    expect(turns.waiting).toBe(0);
  });
});
