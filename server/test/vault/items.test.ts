import { decodeJwt } from 'jose';
import { startTestApp, signUpVerified, goodPassword, type TestApp } from '../support/app';
import { linkTokens } from '../../src/auth/tokens';
import { blobFiles, folder, list, multipart, samples, stagingFiles, upload, zipEntries } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // A small size limit keeps the oversize tests fast; the 500 MB default is checked in config tests.
  t = await startTestApp({ vault: { maxFileBytes: 64 * 1024, uploadExpiryHours: 24, s3: null }, authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

const count = async (ownerId: string) =>
  Number((await t.app.database.db.selectFrom('vault_items').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).n);

describe('folders', () => {
  it('creates folders, lists them with breadcrumbs and nests them', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'Scans 2026');
    const b = await folder(t.app, u.auth, 'Oncology', a.id);
    const c = await folder(t.app, u.auth, 'Labs', b.id);
    expect((await list(t.app, u.auth)).items.map((i) => i.name)).toEqual(['Scans 2026']);
    const inside = await list(t.app, u.auth, `parentId=${c.id}`);
    expect(inside.breadcrumbs.map((x) => x.name)).toEqual(['Scans 2026', 'Oncology', 'Labs']);
    expect(inside.items).toEqual([]);
  });

  it.each([
    ['31 characters', 'x'.repeat(31), 'vault_name_too_long'],
    ['a slash', 'a/b', 'vault_name_invalid_chars'],
    ['a parent step', '../etc', 'vault_name_invalid_chars'],
    ['an absolute path', '/etc/passwd', 'vault_name_invalid_chars'],
    ['a Windows path', 'C:\\Windows', 'vault_name_invalid_chars'],
    ['a colon', 'a:b', 'vault_name_invalid_chars'],
    ['a star', 'a*b', 'vault_name_invalid_chars'],
    ['a question mark', 'a?b', 'vault_name_invalid_chars'],
    ['a quote', 'a"b', 'vault_name_invalid_chars'],
    ['angle brackets', 'a<b>', 'vault_name_invalid_chars'],
    ['a pipe', 'a|b', 'vault_name_invalid_chars'],
    ['a control character', 'a\u0007b', 'vault_name_invalid_chars'],
    ['"..".', '..', 'vault_name_invalid_chars'],
    ['a leading space', ' lead', 'vault_name_spaces'],
    ['a trailing space', 'trail ', 'vault_name_spaces'],
    ['nothing', '', 'required'],
    ['only spaces', '   ', 'vault_name_spaces'],
  ])('rejects a name with %s (400, field error, nothing created)', async (_what, name, code) => {
    const u = await signUpVerified(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/vault/folders', headers: u.auth, payload: { name } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'name', code })]);
    expect(await count(u.userId)).toBe(0);
  });

  it('says the spec messages for the name rules', async () => {
    const u = await signUpVerified(t.app);
    const long = await t.app.inject({ method: 'POST', url: '/api/vault/folders', headers: u.auth, payload: { name: 'x'.repeat(31) } });
    expect(long.json().error.fields[0].message).toBe('You exceeded the characters limit, (Maximum 30 characters). Please try again');
    await folder(t.app, u.auth, 'Reports');
    const dup = await t.app.inject({ method: 'POST', url: '/api/vault/folders', headers: u.auth, payload: { name: 'REPORTS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'vault_name_taken', message: 'This name already exist, please try again.' });
    const es = await t.app.inject({ method: 'POST', url: '/api/vault/folders', headers: { ...u.auth, 'accept-language': 'es-ES' }, payload: { name: 'Reports' } });
    expect(es.json().error.message).toBe('Este nombre ya existe, inténtelo de nuevo.');
  });

  it('allows 30 characters exactly and the same name in different folders', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'x'.repeat(30));
    await folder(t.app, u.auth, 'Same', a.id);
    await folder(t.app, u.auth, 'Same');
    expect(await count(u.userId)).toBe(3);
  });

  it('ensures a folder path (folder uploads) reusing existing folders', async () => {
    const u = await signUpVerified(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/vault/folders/ensure', headers: u.auth, payload: { segments: ['Trip', 'Day 1'] } });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/vault/folders/ensure', headers: u.auth, payload: { segments: ['Trip', 'Day 1'] } });
    expect(again.json().id).toBe(first.json().id);
    expect(await count(u.userId)).toBe(2);
    const bad = await t.app.inject({ method: 'POST', url: '/api/vault/folders/ensure', headers: u.auth, payload: { segments: ['Trip', '..'] } });
    expect(bad.statusCode).toBe(400);
    expect(await count(u.userId)).toBe(2);
  });
});

describe('uploads (POST /api/file)', () => {
  it.each([
    ['report.pdf', samples.pdf, 'pdf', 'application/pdf'],
    ['scan.PNG', samples.png, 'png', 'image/png'],
    ['photo.jpg', samples.jpeg, 'jpeg', 'image/jpeg'],
    ['photo2.jpeg', samples.jpeg, 'jpeg', 'image/jpeg'],
    ['doses.csv', samples.csv, 'csv', 'text/csv; charset=utf-8'],
    ['old.xls', samples.xls, 'xls', 'application/vnd.ms-excel'],
    ['informe médico ✓.pdf', samples.pdf, 'pdf', 'application/pdf'],
    ['labs.xlsx', samples.xlsx, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ])('accepts %s and serves the same bytes back', async (name, make, type, mime) => {
    const u = await signUpVerified(t.app);
    const data = await make();
    const res = await upload(t.app, u.auth, name, data);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, kind: 'file', fileType: type, size: data.length });
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${res.json().id}/download`, headers: u.auth });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(data)).toBe(true);
    expect(dl.headers['content-type']).toBe(mime);
    expect(dl.headers['content-disposition']).toContain('attachment');
  });

  it.each([
    ['a PNG named .pdf', 'fake.pdf', samples.png],
    ['a PDF named .png', 'fake.png', samples.pdf],
    ['an executable named .pdf', 'virus.pdf', () => Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00')],
    ['a Word document named .xlsx', 'letter.xlsx', samples.docx],
    ['binary bytes named .csv', 'bin.csv', () => Buffer.from([0x41, 0x00, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48])],
    ['invalid UTF-8 named .csv', 'latin1.csv', () => Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xe9, 0x74, 0xe9, 0x0a, 0x61, 0x62])],
    ['a PDF with an unsupported extension', 'report.exe', samples.pdf],
    ['a PDF without extension', 'report', samples.pdf],
  ])('refuses %s (415) and keeps nothing', async (_what, name, make) => {
    const u = await signUpVerified(t.app);
    const res = await upload(t.app, u.auth, name, await make());
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'vault_unsupported_type' });
    expect(await count(u.userId)).toBe(0);
    expect(stagingFiles(t.config.dataDir)).toEqual([]);
  });

  it('refuses a file over the size limit (413) and keeps no bytes', async () => {
    const u = await signUpVerified(t.app);
    const before = blobFiles(t.config.dataDir).length;
    const big = Buffer.concat([samples.pdf(), Buffer.alloc(70 * 1024, 0x20)]);
    const res = await upload(t.app, u.auth, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('vault_file_too_large');
    expect(await count(u.userId)).toBe(0);
    expect(blobFiles(t.config.dataDir).length).toBe(before);
    expect(stagingFiles(t.config.dataDir)).toEqual([]);
  });

  it.each([
    ['a traversal name', '../../etc/passwd.pdf'],
    ['an encoded traversal name', '..%2F..%2Fx.pdf'],
    ['an absolute name', '/tmp/x.pdf'],
    ['a long name', `${'x'.repeat(27)}.pdf`],
  ])('refuses %s with 400', async (_what, name) => {
    const u = await signUpVerified(t.app);
    const res = await upload(t.app, u.auth, name, samples.pdf());
    expect(res.statusCode).toBe(400);
    expect(await count(u.userId)).toBe(0);
  });

  it('refuses a duplicate file name in the same folder and bodies without a file', async () => {
    const u = await signUpVerified(t.app);
    expect((await upload(t.app, u.auth, 'a.pdf', samples.pdf())).statusCode).toBe(201);
    const dup = await upload(t.app, u.auth, 'A.pdf', samples.pdf());
    expect(dup.statusCode).toBe(409);
    const empty = multipart(null, { parentId: '' });
    const none = await t.app.inject({ method: 'POST', url: '/api/file', headers: { ...u.auth, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/file', headers: u.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(await count(u.userId)).toBe(1);
  });

  it('uploads into a folder given by the parentId field, and refuses an unknown folder', async () => {
    const u = await signUpVerified(t.app);
    const f = await folder(t.app, u.auth, 'Docs');
    expect((await upload(t.app, u.auth, 'in.pdf', samples.pdf(), f.id)).statusCode).toBe(201);
    expect((await list(t.app, u.auth, `parentId=${f.id}`)).items.map((i) => i.name)).toEqual(['in.pdf']);
    const unknown = await upload(t.app, u.auth, 'x.pdf', samples.pdf(), '3f1c2b9e-1111-4222-8333-444455556666');
    expect(unknown.statusCode).toBe(404);
    const garbage = await upload(t.app, u.auth, 'x.pdf', samples.pdf(), '../../etc');
    expect(garbage.statusCode).toBe(400);
    expect(await count(u.userId)).toBe(2);
  });
});

describe('rename, move, delete', () => {
  it('renames a file and a folder; refuses bad and duplicate names without changing anything', async () => {
    const u = await signUpVerified(t.app);
    const f = await folder(t.app, u.auth, 'Old');
    const file = (await upload(t.app, u.auth, 'x.pdf', samples.pdf())).json();
    const r = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${f.id}`, headers: u.auth, payload: { name: 'New' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().name).toBe('New');
    // a file renamed without an extension keeps its own, so the duplicate is "y.pdf"
    await upload(t.app, u.auth, 'y.pdf', samples.pdf());
    const dup = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { name: 'y' } });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { name: 'a<b' } });
    expect(bad.statusCode).toBe(400);
    const nothing = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect((await list(t.app, u.auth)).items.map((i) => i.name).sort()).toEqual(['New', 'x.pdf', 'y.pdf']);
  });

  it('keeps a file\'s extension when the new name has none; a typed extension is kept as typed', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'scan.pdf', samples.pdf())).json();
    const r = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { name: 'Pathology report' } });
    expect([r.statusCode, r.json().name]).toEqual([200, 'Pathology report.pdf']);
    const typed = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { name: 'report.PDF' } });
    expect(typed.json().name).toBe('report.PDF');
  });

  it('moves items between folders and to the root, never into themselves', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'A');
    const b = await folder(t.app, u.auth, 'B', a.id);
    const file = (await upload(t.app, u.auth, 'm.pdf', samples.pdf())).json();
    const move = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { parentId: b.id } });
    expect(move.statusCode).toBe(200);
    expect(move.json().parentId).toBe(b.id);
    const root = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${b.id}`, headers: u.auth, payload: { parentId: null } });
    expect(root.json().parentId).toBeNull();
    await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${b.id}`, headers: u.auth, payload: { parentId: a.id } });
    for (const target of [a.id, b.id]) {
      const cycle = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${a.id}`, headers: u.auth, payload: { parentId: target } });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().error.code).toBe('vault_move_into_itself');
    }
    const intoFile = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${a.id}`, headers: u.auth, payload: { parentId: file.id } });
    expect(intoFile.statusCode).toBe(404);
    expect((await list(t.app, u.auth)).items.map((i) => i.name)).toEqual(['A']);
  });

  it('refuses a move onto a taken name', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'A');
    await upload(t.app, u.auth, 'same.pdf', samples.pdf(), a.id);
    const file = (await upload(t.app, u.auth, 'same.pdf', samples.pdf())).json();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/vault/items/${file.id}`, headers: u.auth, payload: { parentId: a.id } });
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}`, headers: u.auth })).json().parentId).toBeNull();
  });

  it('deletes a folder recursively with its bytes', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'A');
    const b = await folder(t.app, u.auth, 'B', a.id);
    await upload(t.app, u.auth, '1.pdf', samples.pdf(), a.id);
    await upload(t.app, u.auth, '2.png', samples.png(), b.id);
    const blobsBefore = blobFiles(t.config.dataDir).length;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/vault/items/${a.id}`, headers: u.auth });
    expect(del.statusCode).toBe(204);
    expect(await count(u.userId)).toBe(0);
    expect(blobFiles(t.config.dataDir).length).toBe(blobsBefore - 2);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/vault/items/${a.id}`, headers: u.auth });
    expect(again.statusCode).toBe(404);
  });
});

describe('downloads', () => {
  it('serves PDFs and images inline for previews, everything else as attachment', async () => {
    const u = await signUpVerified(t.app);
    const pdf = (await upload(t.app, u.auth, 'p.pdf', samples.pdf())).json();
    const csv = (await upload(t.app, u.auth, 'c.csv', samples.csv())).json();
    const inline = await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download?inline=1`, headers: u.auth });
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="p.pdf"/);
    const csvInline = await t.app.inject({ method: 'GET', url: `/api/vault/items/${csv.id}/download?inline=1`, headers: u.auth });
    expect(csvInline.headers['content-disposition']).toMatch(/^attachment/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a short-lived ticket for one item (links and iframes), and refuses tokens in the URL, forged, foreign or expired tickets', async () => {
    const u = await signUpVerified(t.app);
    const pdf = (await upload(t.app, u.auth, 'p.pdf', samples.pdf())).json();
    const other = (await upload(t.app, u.auth, 'q.pdf', samples.pdf())).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/vault/items/${pdf.id}/ticket`, headers: u.auth });
    expect(res.statusCode).toBe(200);
    const { ticket, expiresAt } = res.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download?ticket=${ticket}` })).statusCode).toBe(200);
    // Bound to its item.
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${other.id}/download?ticket=${ticket}` })).statusCode).toBe(401);
    // A session token in the URL is not accepted (URLs end up in logs).
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download?jwt=${u.jwt}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download` })).statusCode).toBe(401);
    const [payload] = ticket.split('.');
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download?ticket=${payload}.forged` })).statusCode).toBe(401);
    const { downloadTickets } = await import('../../src/vault/tickets');
    const sid = decodeJwt(u.jwt).sid as string;
    const tickets = downloadTickets(Buffer.from('some other secret'), t.app.sessions);
    const foreign = (await tickets.issue(u.userId, sid, pdf.id)).ticket;
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${pdf.id}/download?ticket=${foreign}` })).statusCode).toBe(401);
    const stale = (await tickets.issue(u.userId, sid, pdf.id, Date.now() - 301_000)).ticket;
    expect(await tickets.verify(stale, pdf.id)).toBeNull();
    expect(await tickets.verify((await tickets.issue(u.userId, sid, pdf.id)).ticket, pdf.id)).toBe(u.userId);
  });

  const ticketFor = async (auth: Record<string, string>, id: string) => (await t.app.inject({ method: 'POST', url: `/api/vault/items/${id}/ticket`, headers: auth })).json().ticket as string;
  const withTicket = (id: string, ticket: string) => t.app.inject({ method: 'GET', url: `/api/vault/items/${id}/download?ticket=${ticket}` });

  it('a ticket dies with the session that asked for it: sign-out, sign-out everywhere, password reset', async () => {
    const u = await signUpVerified(t.app);
    const pdf = (await upload(t.app, u.auth, 'p.pdf', samples.pdf())).json();
    // sign-out of the session that made it
    const a = await ticketFor(u.auth, pdf.id);
    expect((await withTicket(pdf.id, a)).statusCode).toBe(200);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: u.auth, payload: {} });
    expect(signOut.statusCode).toBe(204);
    expect((await withTicket(pdf.id, a)).statusCode).toBe(401);

    // "sign out everywhere" from another session
    const signIn = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: goodPassword } });
      expect(res.statusCode).toBe(200);
      return { authorization: `Bearer ${res.json().jwt}` };
    };
    const laptop = await signIn();
    const phone = await signIn();
    const b = await ticketFor(laptop, pdf.id);
    expect((await withTicket(pdf.id, b)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout-all', headers: phone, payload: { keepCurrent: true } })).statusCode).toBe(204);
    expect((await withTicket(pdf.id, b)).statusCode).toBe(401);

    // a password reset ends every session, and their tickets with them
    const c = await ticketFor(phone, pdf.id);
    expect((await withTicket(pdf.id, c)).statusCode).toBe(200);
    const token = await linkTokens(t.app.database.db).issue(u.userId, u.email, 'reset_password');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Another-456' } })).statusCode).toBe(204);
    expect((await withTicket(pdf.id, c)).statusCode).toBe(401);
  });

  it('zips a folder with its subfolders, paths relative to the folder', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'Case');
    const b = await folder(t.app, u.auth, 'Imaging', a.id);
    await folder(t.app, u.auth, 'Empty', a.id);
    await upload(t.app, u.auth, 'notes.csv', samples.csv(), a.id);
    await upload(t.app, u.auth, 'ct.png', samples.png(), b.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/vault/items/${a.id}/zip`, headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Case.zip');
    const names = zipEntries(res.rawPayload).map((e) => e.name).sort();
    expect(names).toEqual(['Case/', 'Case/Empty/', 'Case/Imaging/', 'Case/Imaging/ct.png', 'Case/notes.csv']);
    const fileZip = await t.app.inject({ method: 'GET', url: `/api/vault/items/${(await list(t.app, u.auth, `parentId=${a.id}`)).items.find((i) => i.kind === 'file')!.id}/zip`, headers: u.auth });
    expect(fileZip.statusCode).toBe(404);
  });

  it.each([
    ['a traversal id', '/api/vault/items/..%2F..%2Fetc%2Fpasswd/download'],
    ['a double-encoded traversal id', '/api/vault/items/..%252F..%252Fetc/download'],
    ['a non-uuid id', '/api/vault/items/1%20or%201=1/download'],
    ['an absolute path id', '/api/vault/items/%2Fetc%2Fpasswd/download'],
  ])('answers %s with a 4xx, never a file', async (_what, url) => {
    const u = await signUpVerified(t.app);
    const res = await t.app.inject({ method: 'GET', url, headers: u.auth });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBeDefined();
  });
});

describe('listing: sort, filters, usage', () => {
  it('sorts by name, date and last shared, folders first', async () => {
    const u = await signUpVerified(t.app);
    const db = t.app.database.db;
    const mk = async (name: string, daysAgo: number) => {
      const item = (await upload(t.app, u.auth, name, name.endsWith('.csv') ? samples.csv() : samples.pdf())).json();
      await db.updateTable('vault_items').set({ created_at: new Date(Date.now() - daysAgo * 86_400_000) }).where('id', '=', item.id).execute();
      return item;
    };
    await mk('b.pdf', 2);
    const c = await mk('c.csv', 10);
    await mk('a.pdf', 40);
    await folder(t.app, u.auth, 'Zeta');
    const names = async (q: string) => (await list(t.app, u.auth, q)).items.map((i) => i.name);
    expect(await names('sort=name_asc')).toEqual(['Zeta', 'a.pdf', 'b.pdf', 'c.csv']);
    expect(await names('sort=name_desc')).toEqual(['Zeta', 'c.csv', 'b.pdf', 'a.pdf']);
    expect(await names('sort=date_desc')).toEqual(['Zeta', 'b.pdf', 'c.csv', 'a.pdf']);
    expect(await names('sort=date_asc')).toEqual(['Zeta', 'a.pdf', 'c.csv', 'b.pdf']);
    await db.updateTable('vault_items').set({ last_shared_at: new Date() }).where('id', '=', c.id).execute();
    expect(await names('sort=last_shared')).toEqual(['Zeta', 'c.csv', 'a.pdf', 'b.pdf']);
    expect(await names('date=today')).toEqual(['Zeta']);
    expect(await names('date=last7')).toEqual(['Zeta', 'b.pdf']);
    expect(await names('date=last30')).toEqual(['Zeta', 'b.pdf', 'c.csv']);
    expect(await names('type=pdf')).toEqual(['a.pdf', 'b.pdf']);
    expect(await names('type=csv')).toEqual(['c.csv']);
    expect(await names('type=folder')).toEqual(['Zeta']);
    expect(await names('type=image')).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/vault/items?sort=evil', headers: u.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('reports the storage used and folder sizes', async () => {
    const u = await signUpVerified(t.app);
    const a = await folder(t.app, u.auth, 'A');
    const b = await folder(t.app, u.auth, 'B', a.id);
    const one = samples.pdf();
    const two = samples.png();
    await upload(t.app, u.auth, '1.pdf', one, a.id);
    await upload(t.app, u.auth, '2.png', two, b.id);
    const usage = await t.app.inject({ method: 'GET', url: '/api/vault/usage', headers: u.auth });
    expect(usage.json()).toEqual({ usedBytes: one.length + two.length, quotaBytes: 1024 ** 3, files: 2, folders: 2 });
    expect((await list(t.app, u.auth)).items[0].size).toBe(one.length + two.length);
  });
});
