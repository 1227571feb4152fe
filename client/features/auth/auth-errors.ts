import type { IntlShape } from 'react-intl';
import {
  AUTH_MESSAGES,
  type AuthMessageKey,
  LOGIN_MAX,
  LOGIN_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '#shared/auth-rules.ts';
import { ApiError } from '../../lib/api.ts';

const VALUES: Partial<Record<AuthMessageKey, number>> = {
  loginTooShort: LOGIN_MIN - 1,
  loginTooLong: LOGIN_MAX,
  passwordTooShort: PASSWORD_MIN - 1,
  passwordTooLong: PASSWORD_MAX,
};

/** A rule's message in the page's language. */
export function ruleMessage(intl: IntlShape, key: AuthMessageKey): string {
  return intl.formatMessage({ id: `auth.errors.${key}` }, { value: VALUES[key] });
}

const BY_TEXT = new Map(
  Object.entries(AUTH_MESSAGES).map(([key, text]) => [text as string, key as AuthMessageKey]),
);

/** The API answers in English (docs/product.md texts); show its errors in the page's language. */
export function apiErrorMessages(
  intl: IntlShape,
  error: unknown,
): { form: string | null; fields: Record<string, string> } {
  if (!(error instanceof ApiError))
    return { form: intl.formatMessage({ id: 'auth.errors.generic' }), fields: {} };
  const translate = (text: string) => {
    const key = BY_TEXT.get(text);
    return key ? ruleMessage(intl, key) : text;
  };
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, text]) => [field, translate(text)]),
  );
  if (Object.keys(fields).length) return { form: null, fields };
  const byStatus: Record<number, string> = { 401: 'loginFailed', 409: 'taken', 429: 'tooMany' };
  const id = byStatus[error.statusCode];
  return {
    form: id ? intl.formatMessage({ id: `auth.errors.${id}` }) : translate(error.message),
    fields: {},
  };
}
