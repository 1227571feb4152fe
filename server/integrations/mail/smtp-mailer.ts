import type { Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Delivery over SMTP (nodemailer), e.g. smtps://user:pass@smtp.example.com:465. nodemailer is
 * loaded with the first mail, not at start (it costs ~0.1 s of cold start).
 */
export function createSmtpMailer(url: string, logger: Logger, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail: Mail) {
      transport ??= import('nodemailer').then((nodemailer) =>
        nodemailer.default.createTransport(url),
      );
      const info = await (await transport).sendMail({ from, ...mail });
      logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}
