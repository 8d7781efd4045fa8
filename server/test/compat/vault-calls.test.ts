import { startTestApp, signUp, signUpVerified, type TestApp } from '../support/app';
import { folder, outbox, samples, upload, zipEntries } from '../vault/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: string, url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const restItem = (auth: Headers, id: string) => call('GET', `/api/vault/items/${id}`, auth);
const restList = async (auth: Headers, parentId?: string) => (await call('GET', `/api/vault/items${parentId ? `?parentId=${parentId}` : ''}`, auth)).json();

/** Everything of the vault tables, to prove that a refused request changed nothing. */
const snapshot = async () => ({
  items: await t.app.database.db.selectFrom('vault_items').selectAll().orderBy('id').execute(),
  shares: await t.app.database.db.selectFrom('vault_shares').selectAll().orderBy('id').execute(),
});
const expectErrorShape = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
  const body = res.json();
  expect(body.error.code).toEqual(expect.stringMatching(/^[a-z_]+$/));
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message.length).toBeGreaterThan(3);
};

describe('directories by path', () => {
  it('creates, lists, renames and deletes folders, each change visible through the REST routes', async () => {
    const u = await signUpVerified(t.app);
    const created = await call('POST', '/api/directory', u.auth, { name: 'Patients' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'folder', name: 'Patients', parentId: null, path: 'Patients' });
    const patients = created.json();
    const ann = await call('POST', '/api/directory', u.auth, { path: 'Patients', name: 'Ann' });
    expect(ann.statusCode).toBe(201);
    expect(ann.json()).toMatchObject({ name: 'Ann', parentId: patients.id, path: 'Patients/Ann' });

    // REST sees what the spec's calls made, and the spec's calls list what REST uploads.
    expect((await restList(u.auth)).items.map((i: { id: string }) => i.id)).toEqual([patients.id]);
    expect((await restList(u.auth, patients.id)).items.map((i: { name: string }) => i.name)).toEqual(['Ann']);
    const file = (await upload(t.app, u.auth, 'report.pdf', samples.pdf(), ann.json().id)).json();

    const listed = await call('GET', `/api/directory/Ann?${q({ path: 'Patients' })}`, u.auth);
    expect(listed.statusCode).toBe(200);
    const rest = await restList(u.auth, ann.json().id);
    expect(listed.json()).toEqual({ name: 'Ann', path: 'Patients/Ann', items: rest.items.map((i: { name: string }) => ({ ...i, path: `Patients/Ann/${i.name}` })) });
    expect(listed.json().items[0]).toMatchObject({ id: file.id, kind: 'file', fileType: 'pdf', path: 'Patients/Ann/report.pdf' });
    // The same folder by a path alone, by other letter case (names compare as the vault's uniqueness rule does), and the root.
    expect((await call('GET', `/api/directory?${q({ path: 'Patients/Ann' })}`, u.auth)).json()).toEqual(listed.json());
    expect((await call('GET', `/api/directory/ann?${q({ path: '/patients/' })}`, u.auth)).json()).toEqual(listed.json());
    const root = (await call('GET', '/api/directory', u.auth)).json();
    expect(root).toMatchObject({ name: null, path: '', items: [{ id: patients.id, path: 'Patients', size: samples.pdf().length }] });
    // Sort and filters are the REST listing's.
    await folder(t.app, u.auth, 'Bills', patients.id);
    const desc = (await call('GET', `/api/directory/Patients?${q({ sort: 'name_desc' })}`, u.auth)).json();
    expect(desc.items.map((i: { path: string }) => i.path)).toEqual(['Patients/Bills', 'Patients/Ann']);
    expect((await call('GET', `/api/directory/Patients?${q({ sort: 'name_desc' })}`, u.auth)).json().items).toEqual(
      (await call('GET', `/api/vault/items?parentId=${patients.id}&sort=name_desc`, u.auth)).json().items.map((i: { name: string }) => ({ ...i, path: `Patients/${i.name}` })),
    );

    const renamed = await call('PUT', '/api/directory/rename', u.auth, { path: 'Patients', name: 'Ann', newName: 'Anna' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: ann.json().id, name: 'Anna', path: 'Patients/Anna' });
    expect((await restItem(u.auth, ann.json().id)).json().name).toBe('Anna');
    // The old path is gone; the REST name rules hold (a taken name is 409).
    expect((await call('GET', `/api/directory/Ann?${q({ path: 'Patients' })}`, u.auth)).statusCode).toBe(404);
    const taken = await call('PUT', '/api/directory/rename', u.auth, { path: 'Patients', name: 'Anna', newName: 'bills' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('vault_name_taken');
    const twice = await call('POST', '/api/directory', u.auth, { path: 'Patients', name: 'ANNA' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({ code: 'vault_name_taken', message: 'This name already exist, please try again.' });
    expect((await call('POST', '/api/directory', u.auth, { path: 'Nowhere', name: 'x' })).statusCode).toBe(404);

    const removed = await call('DELETE', '/api/directory', u.auth, { path: 'Patients', name: 'Anna' });
    expect(removed.statusCode).toBe(204);
    expect((await restItem(u.auth, ann.json().id)).statusCode).toBe(404);
    expect((await restItem(u.auth, file.id)).statusCode).toBe(404); // recursively, as REST deletes
    expect((await call('DELETE', '/api/directory', u.auth, { path: 'Patients', name: 'Anna' })).statusCode).toBe(404);
  });

  it('tells folders from files: a call for one kind does not act on the other', async () => {
    const u = await signUp(t.app);
    const f = await folder(t.app, u.auth, 'Scans');
    const file = (await upload(t.app, u.auth, 'scan.png', samples.png())).json();
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/directory/scan.png'],
      ['PUT', '/api/directory/rename', { name: 'scan.png', newName: 'x' }],
      ['DELETE', '/api/directory', { name: 'scan.png' }],
      ['PUT', '/api/file/rename', { name: 'Scans', newName: 'x' }],
      ['DELETE', '/api/file', { name: 'Scans' }],
      ['GET', `/api/download/file?${q({ fileName: 'Scans' })}`],
      ['GET', `/api/download/directory?${q({ directoryName: 'scan.png' })}`],
      ['GET', `/api/directory?${q({ path: 'scan.png' })}`],
      ['POST', '/api/directory', { path: 'scan.png', name: 'inside' }],
      ['POST', '/api/file/move', { name: 'Scans', newPath: 'scan.png' }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, u.auth, payload);
      expect([method, url, res.statusCode, res.json().error.code]).toEqual([method, url, 404, 'not_found']);
    }
    expect(await snapshot()).toEqual(before);
    expect((await restItem(u.auth, f.id)).statusCode).toBe(200);
    expect((await restItem(u.auth, file.id)).statusCode).toBe(200);
  });
});

describe('files by path', () => {
  it('renames, moves, downloads (whole, ranged, zipped) and deletes, as the REST routes do', async () => {
    const u = await signUp(t.app);
    const data = samples.pdf();
    const file = (await upload(t.app, u.auth, 'scan.pdf', data)).json();
    const archive = await folder(t.app, u.auth, 'Archive');

    // A new name without an extension keeps the file's own (the REST rule).
    const renamed = await call('PUT', '/api/file/rename', u.auth, { name: 'scan.pdf', newName: 'ct-scan' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: file.id, name: 'ct-scan.pdf', path: 'ct-scan.pdf' });

    const moved = await call('POST', '/api/file/move', u.auth, { name: 'ct-scan.pdf', newPath: 'Archive' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: file.id, parentId: archive.id, path: 'Archive/ct-scan.pdf' });
    expect((await restItem(u.auth, file.id)).json()).toMatchObject({ name: 'ct-scan.pdf', parentId: archive.id });
    // Folders move too, with the REST rule against moving one into itself.
    const sub = await folder(t.app, u.auth, 'Sub', archive.id);
    const cycle = await call('POST', '/api/file/move', u.auth, { name: 'Archive', newPath: 'Archive/Sub' });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.code).toBe('vault_move_into_itself');
    const back = await call('POST', '/api/file/move', u.auth, { path: 'Archive', name: 'Sub', newPath: '' });
    expect(back.json()).toMatchObject({ id: sub.id, parentId: null, path: 'Sub' });

    // Download: the same bytes and headers as REST, by a path in fileName or by path + fileName.
    const viaRest = await call('GET', `/api/vault/items/${file.id}/download`, u.auth);
    const queries: Record<string, string>[] = [{ userId: u.userId, fileName: 'Archive/ct-scan.pdf' }, { fileName: 'ct-scan.pdf', path: 'Archive' }, { userId: u.userId, fileName: 'archive/CT-SCAN.pdf' }];
    for (const query of queries) {
      const res = await call('GET', `/api/download/file?${q(query)}`, u.auth);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      for (const h of ['content-type', 'content-length', 'content-disposition', 'etag', 'accept-ranges', 'cache-control']) expect([h, res.headers[h]]).toEqual([h, viaRest.headers[h]]);
    }
    const part = await call('GET', `/api/download/file?${q({ fileName: 'Archive/ct-scan.pdf' })}`, { ...u.auth, range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(0, 10))).toBe(true);
    const past = await call('GET', `/api/download/file?${q({ fileName: 'Archive/ct-scan.pdf' })}`, { ...u.auth, range: `bytes=${data.length + 5}-` });
    expect(past.statusCode).toBe(416);
    expect(past.json().error.code).toBe('range_not_satisfiable');
    const inline = await call('GET', `/api/download/file?${q({ fileName: 'Archive/ct-scan.pdf', inline: '1' })}`, u.auth);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);

    // The folder as a zip streamed as it is built: the same entries as the REST zip.
    const zip = await call('GET', `/api/download/directory?${q({ userId: u.userId, directoryName: 'Archive' })}`, u.auth);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('Archive.zip');
    const restZip = await call('GET', `/api/vault/items/${archive.id}/zip`, u.auth);
    expect(zipEntries(zip.rawPayload)).toEqual(zipEntries(restZip.rawPayload));
    expect(zipEntries(zip.rawPayload)).toEqual([{ name: 'Archive/', size: 0 }, { name: 'Archive/ct-scan.pdf', size: data.length }]);
    const nested = await call('GET', `/api/download/directory?${q({ directoryName: 'Sub', path: '' })}`, u.auth);
    expect(zipEntries(nested.rawPayload)).toEqual([{ name: 'Sub/', size: 0 }]);

    const removed = await call('DELETE', '/api/file', u.auth, { path: 'Archive', name: 'ct-scan.pdf' });
    expect(removed.statusCode).toBe(204);
    expect((await restItem(u.auth, file.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/download/file?${q({ fileName: 'Archive/ct-scan.pdf' })}`, u.auth)).statusCode).toBe(404);
  });
});

describe('sharing by path', () => {
  it('shares with mailed links the public call opens signed out; REST lists the shares', async () => {
    const u = await signUpVerified(t.app);
    const data = samples.png();
    const dir = await folder(t.app, u.auth, 'Images');
    const file = (await upload(t.app, u.auth, 'xray.png', data, dir.id)).json();
    const res = await call('POST', '/api/share', u.auth, { path: 'Images', name: 'xray.png', emails: ['ana@example.org', 'Bo@example.org'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().shares.map((s: { email: string; itemId: string }) => [s.email, s.itemId]).sort()).toEqual([
      ['ana@example.org', file.id],
      ['bo@example.org', file.id],
    ]);
    const rest = (await call('GET', `/api/vault/items/${file.id}/shares`, u.auth)).json().shares;
    expect(rest.map((s: { id: string }) => s.id).sort()).toEqual(res.json().shares.map((s: { id: string }) => s.id).sort());

    const mail = outbox(t.config.dataDir).filter((m) => m.to === 'ana@example.org').pop()!;
    const hash = /\/download\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const info = await call('GET', `/api/share?${q({ hash })}`); // no session
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ ...(await call('GET', `/api/vault/public/${hash}`)).json(), downloadUrl: `/api/vault/public/${hash}/download` });
    expect(info.json()).toMatchObject({ name: 'xray.png', kind: 'file', size: data.length, fileType: 'png' });
    const dl = await call('GET', info.json().downloadUrl);
    expect(dl.rawPayload.equals(data)).toBe(true);

    // A folder is shared by its path too.
    const folderShare = await call('POST', '/api/share', u.auth, { name: 'Images', emails: ['cy@example.org'] });
    expect(folderShare.json().shares[0]).toMatchObject({ itemId: dir.id, itemKind: 'folder' });

    // Revoked, random and malformed hashes: the REST invalid_link.
    await call('DELETE', `/api/vault/shares/${rest.find((s: { email: string }) => s.email === 'ana@example.org').id}`, u.auth);
    for (const h of [hash, 'A'.repeat(43), 'not a hash']) {
      const bad = await call('GET', `/api/share?${q({ hash: h })}`);
      expect([h, bad.statusCode, bad.json().error.code]).toEqual([h, 404, 'invalid_link']);
    }
    const missing = await call('GET', '/api/share');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([expect.objectContaining({ path: 'hash', code: 'required' })]);
  });

  it('needs a verified email, as the REST share does', async () => {
    const u = await signUp(t.app);
    await upload(t.app, u.auth, 'a.csv', samples.csv());
    const mails = outbox(t.config.dataDir).length;
    const res = await call('POST', '/api/share', u.auth, { name: 'a.csv', emails: ['x@example.org'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('email_not_verified');
    expect(outbox(t.config.dataDir).length).toBe(mails);
  });
});

describe("another user's vault", () => {
  it('is out of reach: a userId in the query grants nothing, other paths are 404, nothing changes', async () => {
    const alice = await signUpVerified(t.app);
    const mallory = await signUpVerified(t.app);
    const priv = await folder(t.app, alice.auth, 'Private');
    await upload(t.app, alice.auth, 'secret.pdf', samples.pdf(), priv.id);
    await upload(t.app, alice.auth, 'top.pdf', samples.pdf());
    await upload(t.app, mallory.auth, 'mine.pdf', samples.pdf());
    await folder(t.app, mallory.auth, 'Mine');
    const before = await snapshot();
    const mails = outbox(t.config.dataDir).length;
    const h = mallory.auth;
    const attempts: [string, string, unknown?][] = [
      // her userId, her paths
      ['GET', `/api/download/file?${q({ userId: alice.userId, fileName: 'Private/secret.pdf' })}`],
      ['GET', `/api/download/file?${q({ userId: alice.userId, fileName: 'top.pdf' })}`],
      ['GET', `/api/download/directory?${q({ userId: alice.userId, directoryName: 'Private' })}`],
      // her userId on his own file and folder: answered as absent all the same
      ['GET', `/api/download/file?${q({ userId: alice.userId, fileName: 'mine.pdf' })}`],
      ['GET', `/api/download/directory?${q({ userId: alice.userId, directoryName: 'Mine' })}`],
      // a random userId
      ['GET', `/api/download/file?${q({ userId: '3f1c2b9e-1111-4222-8333-444455556666', fileName: 'mine.pdf' })}`],
      // her paths without a userId resolve in his own vault, where they do not exist
      ['GET', `/api/download/file?${q({ fileName: 'Private/secret.pdf' })}`],
      ['GET', '/api/directory/Private'],
      ['GET', `/api/directory?${q({ path: 'Private' })}`],
      ['POST', '/api/directory', { path: 'Private', name: 'Intruder' }],
      ['PUT', '/api/directory/rename', { name: 'Private', newName: 'Pwned' }],
      ['DELETE', '/api/directory', { name: 'Private' }],
      ['PUT', '/api/file/rename', { name: 'top.pdf', newName: 'pwned' }],
      ['DELETE', '/api/file', { path: 'Private', name: 'secret.pdf' }],
      ['POST', '/api/file/move', { path: 'Private', name: 'secret.pdf', newPath: 'Mine' }],
      ['POST', '/api/file/move', { name: 'mine.pdf', newPath: 'Private' }],
      ['POST', '/api/share', { path: 'Private', name: 'secret.pdf', emails: ['me@example.org'] }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, h, payload);
      expect([method, url, res.statusCode, res.json().error.code]).toEqual([method, url, 404, 'not_found']);
    }
    // And the other way round: her own token with his userId.
    const reverse = await call('GET', `/api/download/file?${q({ userId: mallory.userId, fileName: 'top.pdf' })}`, alice.auth);
    expect(reverse.statusCode).toBe(404);
    // Her own call with her own id works.
    expect((await call('GET', `/api/download/file?${q({ userId: alice.userId, fileName: 'top.pdf' })}`, alice.auth)).statusCode).toBe(200);
    // His listing holds only his items.
    expect((await call('GET', '/api/directory', h)).json().items.map((i: { path: string }) => i.path)).toEqual(['Mine', 'mine.pdf']);
    expect(await snapshot()).toEqual(before);
    expect(outbox(t.config.dataDir).length).toBe(mails);
  });

  it('every call but the public share needs a session', async () => {
    const u = await signUp(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/directory'],
      ['GET', '/api/directory/Private'],
      ['POST', '/api/directory', { name: 'x' }],
      ['PUT', '/api/directory/rename', { name: 'x', newName: 'y' }],
      ['DELETE', '/api/directory', { name: 'x' }],
      ['PUT', '/api/file/rename', { name: 'x.pdf', newName: 'y' }],
      ['DELETE', '/api/file', { name: 'x.pdf' }],
      ['POST', '/api/file/move', { name: 'x.pdf', newPath: '' }],
      ['GET', `/api/download/file?${q({ userId: u.userId, fileName: 'x.pdf' })}`],
      ['GET', `/api/download/directory?${q({ userId: u.userId, directoryName: 'x' })}`],
      ['POST', '/api/share', { name: 'x.pdf', emails: ['a@example.org'] }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Headers[]) {
        const res = await call(method, url, headers, payload);
        expect([method, url, res.statusCode, res.json().error.code]).toEqual([method, url, 401, 'unauthorized']);
      }
    }
  });
});

describe('bad input', () => {
  it('is a 4xx in the error shape with the REST rules’ codes, and changes nothing', async () => {
    const u = await signUpVerified(t.app);
    await folder(t.app, u.auth, 'Docs');
    await upload(t.app, u.auth, 'a.pdf', samples.pdf());
    const before = await snapshot();
    const deep = Array.from({ length: 33 }, (_, i) => `d${i}`).join('/');
    // [method, url, body, status, code, field path, field code]
    const cases: [string, string, unknown, number, string, string?, string?][] = [
      ['POST', '/api/directory', { name: 'a/b' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { name: '..' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { name: ' lead' }, 400, 'validation_failed', 'name', 'vault_name_spaces'],
      ['POST', '/api/directory', { name: 'x'.repeat(31) }, 400, 'validation_failed', 'name', 'vault_name_too_long'],
      ['POST', '/api/directory', { name: '\u202egpj.exe' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { name: 'a\u200bb' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { name: 'nul\u0000' }, 400, 'validation_failed', 'name', 'invalid_characters'],
      ['POST', '/api/directory', { name: '%2E%2E%2Fetc' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', {}, 400, 'validation_failed', 'name', 'required'],
      ['POST', '/api/directory', { path: '../etc', name: 'x' }, 400, 'validation_failed', 'path', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { path: 'Docs/../..', name: 'x' }, 400, 'validation_failed', 'path', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { path: 'Docs//x', name: 'x' }, 400, 'validation_failed', 'path', 'required'],
      ['POST', '/api/directory', { path: 'Docs\\x', name: 'x' }, 400, 'validation_failed', 'path', 'vault_name_invalid_chars'],
      ['POST', '/api/directory', { path: deep, name: 'x' }, 400, 'validation_failed', 'path', 'too_long'],
      ['POST', '/api/directory', { path: 'a'.repeat(1025), name: 'x' }, 400, 'validation_failed', 'path', 'too_long'],
      ['POST', '/api/directory', { path: 42, name: 'x' }, 400, 'validation_failed', 'path'],
      ['POST', '/api/directory', '{"name":', 400, 'validation_failed'],
      // ('/api/directory/..' and '%2E%2E' are dot segments: URL parsers, light-my-request's too, resolve them before sending)
      ['GET', '/api/directory/a%5Cb', undefined, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['GET', '/api/directory/a%252Fb', undefined, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['GET', '/api/directory/a%2Fb', undefined, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['GET', '/api/directory/%00', undefined, 400, 'validation_failed', 'name', 'invalid_characters'],
      ['GET', '/api/directory/%E0%A4%A', undefined, 400, 'url_invalid'],
      ['GET', `/api/directory/${'x'.repeat(600)}`, undefined, 414, 'url_too_long'],
      ['GET', '/api/directory?path=Docs%00', undefined, 400, 'validation_failed', 'path', 'invalid_characters'],
      ['GET', '/api/directory?path=%2Fetc%2Fpasswd%2F..', undefined, 400, 'validation_failed', 'path', 'vault_name_invalid_chars'],
      ['GET', '/api/directory?sort=sideways', undefined, 400, 'validation_failed', 'sort'],
      ['PUT', '/api/directory/rename', { name: 'Docs' }, 400, 'validation_failed', 'newName', 'required'],
      ['PUT', '/api/directory/rename', { name: 'Docs', newName: 'a:b' }, 400, 'validation_failed', 'newName', 'vault_name_invalid_chars'],
      ['PUT', '/api/file/rename', { name: 'a.pdf', newName: 'b'.repeat(40) }, 400, 'validation_failed', 'newName', 'vault_name_too_long'],
      ['PUT', '/api/file/rename', { name: 'a.pdf', newName: 'x\r\nBcc: y' }, 400, 'validation_failed', 'newName', 'vault_name_invalid_chars'],
      ['DELETE', '/api/file', undefined, 400, 'validation_failed'],
      ['DELETE', '/api/directory', { name: '../Docs' }, 400, 'validation_failed', 'name', 'vault_name_invalid_chars'],
      ['POST', '/api/file/move', { name: 'a.pdf' }, 400, 'validation_failed', 'newPath'],
      ['POST', '/api/file/move', { name: 'a.pdf', newPath: '../../tmp' }, 400, 'validation_failed', 'newPath', 'vault_name_invalid_chars'],
      ['GET', '/api/download/file', undefined, 400, 'validation_failed', 'fileName', 'required'],
      ['GET', '/api/download/file?fileName=', undefined, 400, 'validation_failed', 'fileName', 'required'],
      ['GET', '/api/download/file?fileName=/', undefined, 400, 'validation_failed', 'fileName', 'required'],
      ['GET', '/api/download/file?fileName=..%2F..%2Fetc%2Fpasswd', undefined, 400, 'validation_failed', 'fileName', 'vault_name_invalid_chars'],
      ['GET', '/api/download/file?fileName=a.pdf&userId=1%20or%201%3D1', undefined, 400, 'validation_failed', 'userId', 'not_found'],
      ['GET', '/api/download/file?fileName=a.pdf%00', undefined, 400, 'validation_failed', 'fileName', 'invalid_characters'],
      ['GET', '/api/download/directory?directoryName=Docs&path=..', undefined, 400, 'validation_failed', 'path', 'vault_name_invalid_chars'],
      ['GET', '/api/download/directory', undefined, 400, 'validation_failed', 'directoryName', 'required'],
      ['GET', `/api/share?hash=${'a'.repeat(201)}`, undefined, 400, 'validation_failed', 'hash', 'invalid_link'],
      ['GET', '/api/share?hash=%00', undefined, 400, 'validation_failed', 'hash', 'invalid_characters'],
      ['POST', '/api/share', { name: 'a.pdf', emails: [] }, 400, 'validation_failed', 'emails', 'required'],
      ['POST', '/api/share', { name: 'a.pdf', emails: ['x@example.org', 'X@example.org'] }, 400, 'validation_failed', 'emails.1', 'email_duplicate'],
      ['POST', '/api/share', { name: 'a.pdf', emails: ['not-an-email'] }, 400, 'validation_failed', 'emails.0', 'email_invalid'],
      ['POST', '/api/share', { name: 'a.pdf', emails: ['a@example.org\r\nBcc: b@example.org'] }, 400, 'validation_failed', 'emails.0', 'email_invalid'],
    ];
    for (const [method, url, payload, status, code, fieldPath, fieldCode] of cases) {
      const headers: Headers = { ...u.auth, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) };
      const res = await call(method, url, headers, payload);
      expect([method, url, res.statusCode, res.json().error?.code]).toEqual([method, url, status, code]);
      expectErrorShape(res);
      if (fieldPath) {
        const field = res.json().error.fields?.[0];
        expect([url, field?.path]).toEqual([url, fieldPath]);
        if (fieldCode) expect([url, field?.code]).toEqual([url, fieldCode]);
      }
    }
    // Translated like every error.
    const es = await call('POST', '/api/directory', { ...u.auth, 'accept-language': 'es-ES' }, { name: 'x'.repeat(31) });
    expect(es.json().error.fields[0].message).toMatch(/caracteres/);
    expect(await snapshot()).toEqual(before);
  });
});
