import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { AppError } from './app-error.ts';

/** A 400 that names every field at fault; `message` is the first one (docs/product.md §12). */
export class ValidationError extends AppError {
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? 'The request is not valid', 400);
    this.name = 'ValidationError';
    this.fields = fields;
  }
}

const ajv = new Ajv({ allErrors: true, $data: true, coerceTypes: false, strict: false });
addFormats.default(ajv);
ajvErrors.default(ajv);

const compiled = new Map<object, ValidateFunction>();

function fieldOf(error: ErrorObject): string {
  const original = (error.params as { errors?: ErrorObject[] }).errors?.[0]?.params as
    | { missingProperty?: string; additionalProperty?: string }
    | undefined;
  if (original?.missingProperty) return original.missingProperty;
  if (original?.additionalProperty) return original.additionalProperty;
  const path = error.instancePath.replace(/^\//, '').split('/')[0];
  return path || '_';
}

/** Checks input against a schema (compiled once) and returns it typed, or throws a 400. */
export function validate<T>(schema: object, input: unknown): T {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  if (check(input)) return input as T;
  const fields: Record<string, string> = {};
  for (const error of check.errors ?? []) {
    const field = fieldOf(error);
    fields[field] ??= error.message ?? 'The request is not valid';
  }
  throw new ValidationError(fields);
}
