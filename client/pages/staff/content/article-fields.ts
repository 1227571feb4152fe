import type { IntlShape } from 'react-intl';
import type { FormFailure } from '#client/features/staff/staff-errors.ts';
import { staffErrorText } from '#client/features/staff/staff-errors.ts';
import { STAFF_CONTENT_MESSAGES } from '#shared/schemas/staff-content.schemas.ts';

/** The fields of the article forms (a new article's, an article's language). */
export type ArticleField = 'key' | 'slug' | 'title' | 'headtitle' | 'description' | 'body' | 'tags';

const TEXT_FIELDS = ['slug', 'title', 'headtitle', 'description', 'body'] as const;

/**
 * A refusal's messages by the form's field, so each stands under its field and marks it. The
 * server names a body's first level only (server/lib/validate.ts): a language's text at fault
 * comes as `translations`, and its message (the schema's, in the console's words) says which
 * field it is. What names no field of the form is `rest`, said under the form.
 */
export function articleErrors(
  intl: IntlShape,
  failure: FormFailure | null,
): { fields: Partial<Record<ArticleField, string>>; rest: string | null } {
  if (!failure) return { fields: {}, rest: null };
  const fields: Partial<Record<ArticleField, string>> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(failure.fields)) {
    const field =
      name === 'key' || name === 'tags'
        ? name
        : name === 'translations'
          ? TEXT_FIELDS.find((one) => staffErrorText(intl, STAFF_CONTENT_MESSAGES[one]) === message)
          : undefined;
    if (field) fields[field] = message;
    else rest.push(message);
  }
  const named = Object.keys(failure.fields).length > 0;
  return { fields, rest: named ? rest.join(' · ') || null : failure.text };
}
