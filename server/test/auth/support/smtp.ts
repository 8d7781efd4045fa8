import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name (the last one of a name). */
  headers: Record<string, string>;
}

/**
 * A real SMTP server in the test process (npm smtp-server): the app sends through nodemailer exactly as
 * in production, and tests read the parsed mails (and the links in them) from here.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              headers: Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value])),
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest mail to `to` (optionally whose subject matches) among those after the first `skip`. */
    async waitFor(to: string, options: { subject?: RegExp; timeoutMs?: number; after?: number } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const found = received
          .slice(options.after ?? 0)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && (!options.subject || options.subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Mails to one address so far. */
    countTo: (to: string) => received.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The token of the first link to `page` (e.g. /verification) in a mail. */
export function tokenFrom(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`${page.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in mail "${mail.subject}"`);
  return match[1];
}
