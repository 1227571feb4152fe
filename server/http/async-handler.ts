import type { NextFunction, Request, Response } from 'express';

/** An async route handler whose rejection reaches the error handler (Express 4-style next). */
export const handle =
  (fn: (req: Request, res: Response) => Promise<void>) =>
  (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
