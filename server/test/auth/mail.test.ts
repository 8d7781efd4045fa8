import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from '../../src/mail';
import { mailLanguage, renderMail } from '../../src/mail/templates';

describe('mail', () => {
  it('renders the verification and reset mails in en, es and it, with the link on its own line', () => {
    const link = 'https://app.example.org/verification?token=abc';
    const subjects = (['en-US', 'es-ES', 'it-IT'] as const).map((language) => renderMail('verify_email', { to: 'a@b.org', language, name: 'Ada', link, values: { hours: 24 } }));
    expect(subjects.map((m) => m.subject)).toEqual(['Verify your OncoDesk email address', 'Verifique su correo electrónico de OncoDesk', 'Verifica il tuo indirizzo email OncoDesk']);
    for (const mail of subjects) {
      expect(mail.text.split('\n')).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain('24');
    }
    const reset = renderMail('reset_password', { to: 'a@b.org', language: 'fr-FR', name: '<b>x</b>', link, values: { minutes: 60 } });
    expect(reset.subject).toBe('Reset your OncoDesk password'); // unsupported languages fall back to English
    expect(reset.html).not.toContain('<b>x</b>'); // names are escaped in HTML
    expect(mailLanguage('it-IT')).toBe('it');
  });

  it('writes to the outbox (0600) and logs the file, never the link, when no SMTP server is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-mail-'));
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ dataDir, mail: { smtpUrl: null, from: 'x@y.z' } }, log);
    await mailer.send({ to: 'a@b.org', subject: 'Hello', text: 'Open https://x/y', link: 'https://x/y' });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'outbox', files[0]);
    expect(fs.readFileSync(file, 'utf8')).toContain('Subject: Hello');
    expect(fs.readFileSync(file, 'utf8')).toContain('https://x/y');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // the link is a credential: the log names the file a developer opens, not the link
    expect(lines).toEqual([expect.objectContaining({ to: 'a@b.org', file })]);
    expect(JSON.stringify(lines)).not.toContain('https://x/y');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
