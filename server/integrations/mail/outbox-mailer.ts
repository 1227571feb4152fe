import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The default mailer: each message becomes an .eml file in a local folder (open it with any
 * mail program) and a log line, so a developer sees every mail without an SMTP server.
 */
export function createOutboxMailer(dir: string, logger: Logger, from: string): Mailer {
  return {
    async send(mail: Mail) {
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      const headers = [
        `From: ${from}`,
        `To: ${mail.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
      ];
      await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${mail.text}\r\n`);
      logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  };
}
