import type { IntlShape } from 'react-intl';
import { ruleMessage } from '#client/features/auth/auth-errors.ts';
import { ApiError } from '#client/lib/api.ts';
import { AUTH_MESSAGES, type AuthMessageKey } from '#shared/auth-rules.ts';
import { ACCOUNT_TAKEN, PROFILE_MESSAGES } from '#shared/schemas/profile.schemas.ts';

/** The API's English texts (docs/product.md §12 and the profile's own) → message ids of this page. */
const PROFILE_IDS = new Map<string, string>([
  ...Object.entries(PROFILE_MESSAGES).map(([key, text]) => [text, `cp.profile.errors.${key}`]),
  [ACCOUNT_TAKEN.email, 'cp.profile.errors.emailTaken'],
  [ACCOUNT_TAKEN.login, 'cp.profile.errors.loginTaken'],
  [ACCOUNT_TAKEN.either, 'auth.errors.taken'],
  ['This field is not expected', 'auth.errors.generic'],
] as [string, string][]);

const RULE_KEYS = new Map(
  Object.entries(AUTH_MESSAGES).map(([key, text]) => [text as string, key as AuthMessageKey]),
);

/** One API text in the page's language (an unknown one is shown as it came). */
export function translateText(intl: IntlShape, text: string): string {
  const rule = RULE_KEYS.get(text);
  if (rule) return ruleMessage(intl, rule);
  const id = PROFILE_IDS.get(text);
  return id ? intl.formatMessage({ id }) : text;
}

/** An API failure as a form shows it: field errors beside their inputs, or one form error. */
export function profileErrors(
  intl: IntlShape,
  error: unknown,
): { form: string | null; fields: Record<string, string> } {
  if (!(error instanceof ApiError))
    return { form: intl.formatMessage({ id: 'auth.errors.generic' }), fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, text]) => [field, translateText(intl, text)]),
  );
  if (error.statusCode === 429)
    return { form: intl.formatMessage({ id: 'auth.errors.tooMany' }), fields };
  if (error.statusCode === 0)
    return { form: intl.formatMessage({ id: 'cp.profile.errors.offline' }), fields };
  const named = Object.keys(fields).filter((field) => field !== '_');
  return named.length
    ? { form: null, fields }
    : { form: translateText(intl, error.message), fields: {} };
}
