import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { isPlainText, literal } from './icu-syntax.ts';

/** Messages as ICU syntax trees: what `formatjs compile --ast` writes. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * Compiles messages ahead of time, so nobody parses ICU while rendering: the browser's build
 * (build/messages-plugin.ts, which also leaves the parser out of the browser's bundle) and the
 * server at start. A plain text is a single literal, which formatjs returns as it is, without
 * a message format or its cache.
 */
export function compileMessages(messages: Record<string, string>): CompiledMessages {
  const compiled: CompiledMessages = {};
  for (const [id, message] of Object.entries(compileMessagesForBrowser(messages)))
    compiled[id] = typeof message === 'string' ? literal(message) : message;
  return compiled;
}

/**
 * The browser's form: plain texts stay strings (a third of the bytes of their literal form),
 * the rest are syntax trees; client/lib/intl.ts turns the strings into literals on load.
 */
export function compileMessagesForBrowser(
  messages: Record<string, string>,
): Record<string, string | MessageFormatElement[]> {
  const compiled: Record<string, string | MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(messages))
    compiled[id] = isPlainText(message) ? message : parse(message);
  return compiled;
}
