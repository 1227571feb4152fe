import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when configured, else the local outbox folder. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailOutboxDir' | 'mailFrom'>,
  logger: Logger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, logger, config.mailFrom)
    : createOutboxMailer(config.mailOutboxDir, logger, config.mailFrom);
}
