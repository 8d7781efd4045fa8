import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage, Mailer } from './index';

/**
 * `send` stays as the transport does it (a refusal reaches the caller, who tells the user: a share or a
 * resend answers 503 and can be tried again). `sendLater` is for a mail whose failure the request cannot
 * report (the verification mail at sign-up): sent at once, and when the transport refuses (SMTP server
 * down, a timeout) it becomes a job that the queue retries with back-off (6 attempts over about an hour),
 * on whichever instance is up, so it arrives late rather than never.
 */
export async function retryingMailer(mailer: Mailer, jobs: JobQueue, log: FastifyBaseLogger): Promise<Mailer> {
  await jobs.work<MailMessage>('mail.send', (message) => mailer.send(message), { retryLimit: 5, retryDelaySeconds: 120 });
  return {
    send: (message) => mailer.send(message),
    async sendLater(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        log.warn({ err: error, to: message.to, subject: message.subject }, 'mail not sent: queued for retry');
        // the transport has just refused: the first retry waits a little
        await jobs.send('mail.send', message, { startAfterSeconds: 10 });
      }
    },
    close: () => mailer.close?.(),
  };
}
