/**
 * Sends mail with nodemailer: through SMTP when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/outbox/ as an .eml file and its link is logged, so a developer can follow it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the sender of a contact message, for the support team's copy). */
  replyTo?: string;
  /** The link the message is about (verification, reset): logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
  readonly outboxDir: string | null;
}

interface Logger {
  info(object: object, message: string): void;
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
      },
      close: () => transport.close(),
    };
  }

  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        { to: message.to, file, link: message.link },
        `Mail written to the outbox: ${message.subject}`,
      );
    },
    close: () => transport.close(),
  };
}
