import type { Locale } from '#shared/locales.ts';
import { message } from '../../lib/i18n.ts';
import type { Mail } from './mailer.ts';

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
  return {
    to,
    subject: message(locale, 'mail.reset.subject', {}, 'Password recovery'),
    text: message(locale, 'mail.reset.text', { link }, '{link}'),
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
  const values = { link, service, quantity, price };
  return {
    to,
    subject: message(locale, 'mail.receipt.subject', values, 'Your order'),
    text: message(locale, 'mail.receipt.text', values, '{link}'),
  };
}
