import { BRAND_NAME } from '../../../shared/brand.ts';
import type { Locale } from '../../../shared/locales.ts';
import { MESSAGES } from '../../ssr/messages.ts';
import type { Mail } from './mailer.ts';

/** Puts values into a message's {placeholders} (mails and notifications are plain text). */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The password-reset mail in the account's language. */
export function resetPasswordMail({
  to,
  locale,
  link,
}: {
  to: string;
  locale: Locale;
  link: string;
}): Mail {
  const messages = MESSAGES[locale];
  const values = { brand: BRAND_NAME, link };
  return {
    to,
    subject: fill(messages['mail.reset.subject'] ?? 'Password recovery', values),
    text: fill(messages['mail.reset.text'] ?? '{link}', values),
  };
}

/** The receipt of a paid order, with the link that follows it (guests have no cabinet). */
export function receiptMail({
  to,
  locale,
  link,
  service,
  quantity,
  price,
}: {
  to: string;
  locale: Locale;
  link: string;
  service: string;
  quantity: string;
  price: string;
}): Mail {
  const messages = MESSAGES[locale];
  const values = { brand: BRAND_NAME, link, service, quantity, price };
  return {
    to,
    subject: fill(messages['mail.receipt.subject'] ?? 'Your order', values),
    text: fill(messages['mail.receipt.text'] ?? '{link}', values),
  };
}
