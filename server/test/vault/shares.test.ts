import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { folder, outbox, samples, upload, zipEntries } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

/** The token in the last mail sent to an address. */
const linkFor = (email: string) => {
  const mail = outbox(t.config.dataDir).filter((m) => m.to === email).pop();
  const match = /\/download\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no link mailed to ${email}`);
  return match[1];
};
const shareRows = async () => Number((await t.app.database.db.selectFrom('vault_shares').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('sharing', () => {
  it('mails a link to each recipient; the link works signed out, for info and download', async () => {
    const u = await signUpVerified(t.app);
    await t.app.inject({ method: 'PATCH', url: '/api/user', headers: u.auth, payload: [{ op: 'add', path: '/nickname', value: 'Dr Rossi' }] });
    const data = samples.pdf();
    const file = (await upload(t.app, u.auth, 'scan.pdf', data)).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails: ['ana@example.org', 'Bo@Example.org'] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().shares.map((s: { email: string }) => s.email).sort()).toEqual(['ana@example.org', 'bo@example.org']);
    const token = linkFor('ana@example.org');
    expect(token).not.toBe(linkFor('bo@example.org'));
    expect(Buffer.from(token, 'base64url').length).toBe(32); // 256 bits
    const mail = outbox(t.config.dataDir).find((m) => m.to === 'ana@example.org')!;
    expect(mail.subject).toBe('Dr Rossi shared "scan.pdf" with you on OncoDesk');
    expect(mail.text).toContain(`${t.config.publicUrl}/download/${token}`);
    // Only the hash is stored.
    const stored = await t.app.database.db.selectFrom('vault_shares').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const info = await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: 'scan.pdf', kind: 'file', size: data.length, fileType: 'pdf', ownerNickname: 'Dr Rossi' });
    const expires = new Date(info.json().expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 72 * 3_600_000))).toBeLessThan(60_000);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}/download` });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(data)).toBe(true);
    expect(dl.headers['content-disposition']).toContain('attachment');

    const listed = await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}/shares`, headers: u.auth });
    expect(listed.json().shares).toHaveLength(2);
    const item = await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}`, headers: u.auth });
    expect(item.json()).toMatchObject({ activeShares: 2, lastSharedAt: expect.any(String) });
  });

  it('mails in the sharer’s language', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'it.pdf', samples.pdf())).json();
    await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: { ...u.auth, 'accept-language': 'it-IT' }, payload: { emails: ['it@example.org'] } });
    expect(outbox(t.config.dataDir).find((m) => m.to === 'it@example.org')!.subject).toContain('ha condiviso "it.pdf" con Lei');
  });

  it('shares a folder as a zip', async () => {
    const u = await signUpVerified(t.app);
    const f = await folder(t.app, u.auth, 'Case 7');
    await upload(t.app, u.auth, 'a.csv', samples.csv(), f.id);
    await t.app.inject({ method: 'POST', url: `/api/vault/items/${f.id}/shares`, headers: u.auth, payload: { emails: ['zip@example.org'] } });
    const token = linkFor('zip@example.org');
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}` })).json()).toMatchObject({ kind: 'folder', name: 'Case 7', size: samples.csv().length });
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}/download` });
    expect(dl.headers['content-type']).toBe('application/zip');
    expect(zipEntries(dl.rawPayload).map((e) => e.name)).toEqual(['Case 7/', 'Case 7/a.csv']);
  });

  it.each([
    ['a duplicate email', ['x@example.org', 'X@example.org'], 'emails.1', 'email_duplicate'],
    ['an invalid email', ['not-an-email'], 'emails.0', 'email_invalid'],
    ['no email', [], 'emails', 'required'],
  ])('refuses %s with 400 and mails nothing', async (_what, emails, path, code) => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'x.pdf', samples.pdf())).json();
    const before = [await shareRows(), outbox(t.config.dataDir).length];
    const res = await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
    expect([await shareRows(), outbox(t.config.dataDir).length]).toEqual(before);
  });

  it('revoked and expired links read as invalid; random and malformed hashes too', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'r.pdf', samples.pdf())).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails: ['rev@example.org', 'exp@example.org'] } });
    const [rev, exp] = ['rev@example.org', 'exp@example.org'].map(linkFor);
    const revId = res.json().shares.find((s: { email: string }) => s.email === 'rev@example.org').id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vault/shares/${revId}`, headers: u.auth })).statusCode).toBe(204);
    await t.app.database.db.updateTable('vault_shares').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'exp@example.org').execute();
    const hashes = [rev, exp, 'A'.repeat(43), '..%2F..%2Fetc%2Fpasswd', '../../etc/passwd', '%00', 'x'.repeat(199)];
    for (const hash of hashes) {
      for (const suffix of ['', '/download']) {
        const r = await t.app.inject({ method: 'GET', url: `/api/vault/public/${encodeURIComponent(hash)}${suffix}` });
        expect([r.statusCode, r.json().error.code]).toEqual([404, 'invalid_link']);
      }
    }
    const shares = (await t.app.inject({ method: 'GET', url: '/api/vault/shares', headers: u.auth })).json().shares;
    expect(shares.map((s: { email: string; active: boolean }) => [s.email, s.active]).sort()).toEqual([['exp@example.org', false], ['rev@example.org', false]]);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/public/${'y'.repeat(201)}` })).statusCode).toBe(400);
  });

  it('withdraws the links and says share_failed when mail cannot be sent', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'm.pdf', samples.pdf())).json();
    const before = await shareRows();
    // The outbox transport fails when its folder cannot be created: a file stands where the folder goes.
    const fs = await import('node:fs');
    const path = await import('node:path');
    const outboxDir = path.join(t.config.dataDir, 'outbox');
    const moved = `${outboxDir}.bak`;
    if (fs.existsSync(outboxDir)) fs.renameSync(outboxDir, moved);
    fs.writeFileSync(outboxDir, 'not a folder');
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails: ['fail@example.org'] } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'vault_share_failed', message: 'There was an error sharing the item, please try again later.' });
      expect(await shareRows()).toBe(before);
    } finally {
      fs.rmSync(outboxDir);
      if (fs.existsSync(moved)) fs.renameSync(moved, outboxDir);
    }
  });

  it('deleting the item ends its links', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'd.pdf', samples.pdf())).json();
    await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails: ['del@example.org'] } });
    const token = linkFor('del@example.org');
    await t.app.inject({ method: 'DELETE', url: `/api/vault/items/${file.id}`, headers: u.auth });
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}` })).statusCode).toBe(404);
  });
});
