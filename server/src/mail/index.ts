import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The action link the mail carries, if any (a credential: it goes into the mail, never into the log). */
  link?: string;
  /**
   * One-click unsubscribe URL (RFC 8058): sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer their own unsubscribe button.
   */
  listUnsubscribe?: string;
}

/** The List-Unsubscribe headers of a message (RFC 2369 and RFC 8058), none when it has no unsubscribe URL. */
export function listHeaders(message: MailMessage): Record<string, string> {
  return message.listUnsubscribe ? { 'List-Unsubscribe': `<${message.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}

/** Outgoing mail. Domains depend on this interface only; the transport is chosen from the config. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends, or when the transport refuses, retries in the background (mail/retry.ts); absent: send. */
  sendLater?(message: MailMessage): Promise<void>;
  close?(): void;
}

/**
 * The default transport: every mail becomes a file in DATA_DIR/outbox (0600) plus a log line naming it, so
 * `npm start` works with no mail server and a developer can still follow links (verification, recovery,
 * shares) from the file.
 * Files are written to a temporary name and renamed, so a reader never sees half a mail.
 */
export function outboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const dir = path.join(dataDir, 'outbox');
  return {
    async send(message) {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      // a header value is one line: a CR/LF inside one would start a header of its own ("Bcc: ...")
      const header = (v: string) => v.replace(/[\r\n]+/g, ' ');
      const extra = Object.entries(listHeaders(message)).map(([k, v]) => `${k}: ${header(v)}\n`).join('');
      const body = `To: ${header(message.to)}\nSubject: ${header(message.subject)}\nDate: ${new Date().toUTCString()}\n${extra}\n${message.text}\n`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.promises.writeFile(tmp, body, { mode: 0o600 });
      await fs.promises.rename(tmp, path.join(dir, name));
      // the file's path, not its link: a link is a credential and the log is read by more people than the outbox
      log.info({ to: message.to, subject: message.subject, file: path.join(dir, name) }, 'mail written to outbox');
    },
  };
}

/** SMTP through nodemailer, for SMTP_URL (smtp://user:pass@host:port, smtps:// for implicit TLS). */
export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  // loaded only with SMTP_URL set: the default (the outbox folder) and the server tests never load it
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: listHeaders(message) });
      // The link is a credential: over SMTP it goes to the mailbox only, never to the log.
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent over SMTP');
    },
    close: () => transport.close(),
  };
}

/** The configured transport: SMTP when SMTP_URL is set, else the outbox. */
export function createMailer(config: { dataDir: string; mail: { smtpUrl: string | null; from: string } }, log: FastifyBaseLogger): Mailer {
  return config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from, log) : outboxMailer(config.dataDir, log);
}
