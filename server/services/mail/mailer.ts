/**
 * Sends mail with nodemailer: through SMTP when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/outbox/ as an .eml file (owner-only: it may hold a reset link), so a developer
 * can follow it. The log names the file, never the link. Callers go through the mail queue
 * (mail-queue.ts), which retries.
 */
import { randomUUID } from 'node:crypto';
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
  /** The link the message is about (verification, reset); never logged. */
  link?: string;
  /** The queue's id for the message: names its outbox file. */
  id?: string;
  /** Where a one-click unsubscribe goes (List-Unsubscribe, RFC 2369 and RFC 8058). */
  unsubscribeUrl?: string;
  /** Files sent with the message (an invoice with the payment receipt). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
  readonly outboxDir: string | null;
}

interface Logger {
  info(object: object, message: string): void;
}

/** A mail client's own "unsubscribe" button: it posts to the link (RFC 8058), no page to open. */
function unsubscribeHeaders(message: MailMessage) {
  if (!message.unsubscribeUrl) return {};
  return {
    list: { unsubscribe: message.unsubscribeUrl },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    // Every step times out well within the mail queue's lease (5 min), so a worker never sends a
    // message another worker has taken over.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
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
          ...(message.attachments ? { attachments: message.attachments } : {}),
          ...unsubscribeHeaders(message),
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
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...unsubscribeHeaders(message),
      });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      // The name does not grow with the address (a 254-character one would be too long for the file
      // system) and is unique, so two messages in one millisecond never overwrite each other.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${message.id ?? randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      options.logger.info({ file }, `Mail written to the outbox: ${message.subject}`);
    },
    close: () => transport.close(),
  };
}
