import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage, Mailer } from './index';

/**
 * Sends at once; when the transport refuses (SMTP server down, a timeout), the mail becomes a job that
 * the queue retries with back-off (5 attempts over about an hour), on whichever instance is up. The
 * caller's request succeeds either way: a verification or share mail arrives late rather than never.
 */
export async function retryingMailer(mailer: Mailer, jobs: JobQueue, log: FastifyBaseLogger): Promise<Mailer> {
  await jobs.work<MailMessage>('mail.send', (message) => mailer.send(message), { retryLimit: 5, retryDelaySeconds: 120 });
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        log.warn({ err: error, to: message.to, subject: message.subject }, 'mail not sent: queued for retry');
        await jobs.send('mail.send', message);
      }
    },
    close: () => mailer.close?.(),
  };
}
