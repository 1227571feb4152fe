import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Where the types of shared/schemas/ come from: each input type is inferred from the very
 * schema Ajv checks it with (`export type X = SchemaType<typeof xSchema>`), so a schema the
 * code does not follow fails `npm run typecheck`; no type is written beside a schema.
 *
 * The inference is json-schema-to-ts's `FromSchema` (a dev dependency: types only, nothing
 * of it reaches a bundle). Ajv's own `JSONSchemaType<T>` goes the other way: it checks a
 * schema against a type written beside it, which is the second copy this avoids. A schema
 * is therefore written out as a literal (`as const`, or a typed helper that keeps the
 * literal type); Ajv's extra keywords (`errorMessage` of ajv-errors, `format`) change no type.
 */

/**
 * Ajv's `$data` reference (`const: { $data: '1/password' }`: equal to another field) is a value
 * only at validation time, so its `const` says nothing of the type: it is dropped before the
 * inference, else the field would have to equal the object `{ $data }`.
 */
type WithoutData<S> = S extends { readonly const: { readonly $data: string } }
  ? WithoutData<Omit<S, 'const'>>
  : S extends readonly unknown[]
    ? { readonly [I in keyof S]: WithoutData<S[I]> }
    : S extends object
      ? { readonly [K in keyof S]: WithoutData<S[K]> }
      : S;

/** A schema written out as a literal, as `SchemaType` reads it. */
export type JsonSchema = JSONSchema & object;

/** The type of a value `schema` accepts (a query's fields are text: queries arrive as text). */
export type SchemaType<S extends JSONSchema> =
  WithoutData<S> extends infer Plain extends JSONSchema ? FromSchema<Plain> : never;
