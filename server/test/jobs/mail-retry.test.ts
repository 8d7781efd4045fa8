import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, uniqueEmail, goodPassword, type TestApp } from '../support/app';

/**
 * The verification mail of a sign-up, when the mail transport refuses it: the account is created (the
 * request cannot report a mail failure), the mail becomes a 'mail.send' job, and it is delivered once
 * the transport works again. Mails whose failure the user is told about (a share, a resend) are not
 * queued: see test/vault/shares.test.ts and test/auth/email-links.test.ts.
 */
jest.setTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('a verification mail refused at sign-up is delivered by the retry job once the transport works', async () => {
  const outbox = path.join(t.config.dataDir, 'outbox');
  fs.rmSync(outbox, { recursive: true, force: true });
  // the outbox transport fails while a file stands where its folder goes
  fs.writeFileSync(outbox, 'not a folder');
  const email = uniqueEmail('retry');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: goodPassword } });
  expect(res.statusCode).toBe(201);
  expect(fs.statSync(outbox).isFile()).toBe(true); // nothing delivered yet
  fs.rmSync(outbox);
  // the queued job's first attempt, or its retry after the back-off, delivers it
  const end = Date.now() + 45_000;
  const mails = () => (fs.existsSync(outbox) && fs.statSync(outbox).isDirectory() ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
  while (!mails().length && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  expect(mails()).toHaveLength(1);
  const mail = fs.readFileSync(path.join(outbox, mails()[0]), 'utf8');
  expect(mail).toContain(`To: ${email}`);
  expect(mail).toMatch(/\/verification\?token=/);
});
