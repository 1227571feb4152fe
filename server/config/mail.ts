import { matching, text } from './parsers.ts';
import { setting } from './reader.ts';

/** Mail: SMTP, or .eml files in an outbox folder when there is none. */
export const mail = {
  smtpUrl: setting({
    env: 'SMTP_URL',
    default: null,
    parse: matching(/^smtps?:\/\//, 'an smtp:// or smtps:// URL'),
    doc: 'real mail; without it mails go to MAIL_OUTBOX_DIR',
  }),
  mailOutboxDir: setting({
    env: 'MAIL_OUTBOX_DIR',
    default: 'var/outbox',
    parse: text('a folder'),
    doc: 'where mails are written without SMTP',
  }),
  mailFrom: setting({
    env: 'MAIL_FROM',
    default: 'Boostly <no-reply@boostly.example>',
    parse: text('an address'),
    doc: 'the sender of every mail',
  }),
};
