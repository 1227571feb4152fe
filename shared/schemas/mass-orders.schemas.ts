import { MASS_ERRORS, MAX_MASS_TEXT } from '../mass-orders.ts';
import { UNKNOWN_FIELD } from './auth.schemas.ts';
import type { SchemaType } from './schema-type.ts';

/** POST c_orders/mass: the lines as one text (each line is checked by the service). */
export const massOrderBody = {
  $id: 'c_orders/mass',
  type: 'object',
  additionalProperties: false,
  required: ['orders'],
  properties: {
    orders: { type: 'string', maxLength: MAX_MASS_TEXT, errorMessage: MASS_ERRORS.text },
  },
  errorMessage: {
    required: { orders: MASS_ERRORS.text },
    additionalProperties: UNKNOWN_FIELD,
  },
} as const;

export type MassOrderBody = SchemaType<typeof massOrderBody>;
