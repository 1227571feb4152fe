import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';
import type { Mail, Mailer } from './mailer.ts';

/** Delivery over SMTP (nodemailer), e.g. smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(url: string, logger: Logger, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail: Mail) {
      const info = await transport.sendMail({ from, ...mail });
      logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}
