import type { Locale } from '../../shared/locales.ts';

export type Messages = Record<string, string>;

/** Each language's messages are a chunk of their own; the browser loads only its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const module: { default: Messages } = await import(`../../locales/${locale}.json`);
  return module.default;
}

/** Missing messages are caught by the locale check test; formatting noise stays out of logs. */
export function onIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}
