import type { NextFunction, Request, Response } from 'express';
import { fieldWithControlChars, hasControlChars } from '#shared/control-chars.ts';
import { AppError } from '../lib/app-error.ts';
import { ValidationError } from '../lib/validate.ts';

export const CONTROL_CHARS_MESSAGE = 'The request contains control characters';

/** The decoded path; a path that does not decode is left to Express's own 400. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}

/**
 * One gate for what a request names (docs/architecture.md): a path or query with a control
 * character (`%00` …) is a 400 before any route reads it, so no lookup, page or query ever
 * carries one to the database.
 */
export function refuseControlChars(req: Request, _res: Response, next: NextFunction): void {
  next(
    hasControlChars(decodedPath(req.path)) || hasControlChars(req.query)
      ? new AppError(CONTROL_CHARS_MESSAGE, 400)
      : undefined,
  );
}

/** The same for a parsed body (mounted after the body parsers), naming the field at fault. */
export function refuseControlCharsInBody(req: Request, _res: Response, next: NextFunction) {
  const field = fieldWithControlChars(req.body);
  next(field ? new ValidationError({ [field]: CONTROL_CHARS_MESSAGE }) : undefined);
}
