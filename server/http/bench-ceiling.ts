import { readFileSync } from 'node:fs';
import type { Request, Response } from 'express';

/**
 * The benchmark's ceiling: the home page's bytes, sent from memory through the same
 * middleware as a page. Exists only when BENCH_CEILING_FILE is set; the file is read on the
 * first request (the benchmark writes it after fetching home from this very server).
 */
export function benchCeiling(file: string) {
  let body: Buffer | undefined;
  return (_req: Request, res: Response): void => {
    body ??= readFileSync(file);
    res.status(200).type('html').setHeader('Cache-Control', 'private, no-cache');
    res.end(body);
  };
}
