/**
 * Reports uploaded as they come (issue 23): a laboratory's long file name, the file part before the
 * patientId field, the folder checked before the body is read, and an accepted MSI finding stored in
 * every focus area.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { VAULT_NAME_MAX } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../src/config/sharedData';
import { vaultFileName } from '../../src/vault/fileName';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { settledDocument } from '../support/documents';
import { multipart } from '../vault/helpers';

jest.setTimeout(180_000);
const ngs2 = fs.readFileSync(path.join(sharedDataDir(), 'reports', 'ngs', 'SYN-NGS-0002.pdf'));

/** A multipart body with the file part first and the fields after it. */
function fileFirst(file: { name: string; data: Buffer }, fields: Record<string, string>) {
  const boundary = `----oncodesk${Math.random().toString(16).slice(2)}`;
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  ];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('vaultFileName: a name within the vault rules, extension kept', () => {
  it('shortens long names to the vault limit keeping the extension, and numbers copies within it', () => {
    const long = 'Guardant360_Lung_STK11_Sample_Report.PDF';
    expect(vaultFileName(long)).toBe('Guardant360_Lung_STK11_Sam.PDF');
    expect(vaultFileName(long).length).toBeLessThanOrEqual(VAULT_NAME_MAX);
    expect(vaultFileName(long, 2)).toBe('Guardant360_Lung_STK11 (2).PDF');
    expect(vaultFileName('report.pdf', 3)).toBe('report (3).pdf');
    expect(vaultFileName('a:b/c?.pdf')).toBe('a-b-c-.pdf');
    expect(vaultFileName('\u202egpj.pdf')).toBe('gpj.pdf');
    expect(vaultFileName('.pdf')).toBe('file.pdf');
  });
});

describe('reports uploaded as they come', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpVerified>>;
  let bob: Awaited<ReturnType<typeof signUpVerified>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    bob = await signUpVerified(t.app);
    folder = (await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Thyroid demo', focusArea: 'thyroid' } })).json()
      .id;
  });
  afterAll(() => t.close());
  const post = (body: { payload: Buffer; headers: Record<string, string> }, auth = alice.auth) =>
    t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...auth, ...body.headers }, payload: body.payload });
  const settled = (id: string) => settledDocument(t.app, alice.auth, id);

  const vaultNames = async () => {
    const root = (await t.app.inject({ method: 'GET', url: '/api/vault/items', headers: alice.auth })).json();
    const patients = root.items.find((i: { name: string }) => i.name === 'Patients');
    const inside = (await t.app.inject({ method: 'GET', url: `/api/vault/items?parentId=${patients.id}`, headers: alice.auth })).json();
    const mine = inside.items.find((i: { name: string }) => i.name === 'Thyroid demo');
    return ((await t.app.inject({ method: 'GET', url: `/api/vault/items?parentId=${mine.id}`, headers: alice.auth })).json().items as Array<{ name: string }>)
      .map((i) => i.name)
      .sort();
  };

  it('a file name over 30 characters is the title; the vault keeps a short unique name with its extension', async () => {
    const name = 'Guardant360_Lung_STK11_Sample_Report.PDF';
    const first = await post(multipart({ name, data: ngs2, type: 'application/pdf' }, { patientId: folder }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name, status: 'processing' });
    const second = await post(multipart({ name, data: ngs2, type: 'application/pdf' }, { patientId: folder }));
    expect(second.statusCode).toBe(201);
    expect(second.json().name).toBe(name);
    expect(await vaultNames()).toEqual(['Guardant360_Lung_STK11 (2).PDF', 'Guardant360_Lung_STK11_Sam.PDF']);
    expect(await settled(first.json().id)).toMatchObject({ status: 'done', kind: 'ngs', name });
    await settled(second.json().id);
  });

  it('the file part before the patientId field is accepted every time, and its folder still checked', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await post(fileFirst({ name: `order-${i}.pdf`, data: ngs2 }, { patientId: folder }));
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ patientId: folder, name: `order-${i}.pdf` });
    }
    // Bob's file sent first to Alice's folder: 404, and nothing of it is stored
    const before = await vaultNames();
    const foreign = await post(fileFirst({ name: 'foreign.pdf', data: ngs2 }, { patientId: folder }), bob.auth);
    expect(foreign.statusCode).toBe(404);
    expect(await vaultNames()).toEqual(before);
    // no patientId at all, in either order: 400 required
    const none = await post(fileFirst({ name: 'none.pdf', data: ngs2 }, {}));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual([expect.objectContaining({ path: 'patientId', code: 'required' })]);
  });

  it('NUL in a multipart field or the file name answers 400 invalid_characters, never 500, and stores nothing', async () => {
    const before = await vaultNames();
    for (const body of [
      multipart({ name: 'a.pdf', data: ngs2 }, { patientId: `${folder}\u0000` }),
      fileFirst({ name: 'a.pdf', data: ngs2 }, { patientId: `\u0000${folder}` }),
      multipart({ name: 'a\u0000.pdf', data: ngs2 }, { patientId: folder }),
    ]) {
      const r = await post(body);
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ code: 'invalid_characters' })] });
    }
    expect(await vaultNames()).toEqual(before);
    // the vault's own upload takes its fields through the same rule
    for (const body of [multipart({ name: 'v.pdf', data: ngs2 }, { parentId: 'x\u0000' }), multipart({ name: 'v\u0000.pdf', data: ngs2 })]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/file', headers: { ...alice.auth, ...body.headers }, payload: body.payload });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.fields).toEqual([expect.objectContaining({ code: 'invalid_characters' })]);
    }
  });

  it("a folder that is not the caller's is refused before the body is read (a real connection)", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----oncodeskslow';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="patientId"\r\n\r\n${folder}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    // a body announced as 40 MB of which only the first bytes are ever sent: the answer must not wait for the rest
    const declared = 40 * 1024 * 1024;
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/documents',
          headers: { ...bob.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': declared },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      req.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe('patient_not_found');
    expect(Date.now() - started).toBeLessThan(5000);
    // a body declared over the report limit is refused at once (413), before any of it is read
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...alice.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(600 * 1024 * 1024) },
      payload: head,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('an accepted MSI finding is stored for a thyroid patient (MSI is asked in every focus area)', async () => {
    const r = await post(multipart({ name: 'msi.pdf', data: ngs2, type: 'application/pdf' }, { patientId: folder }));
    const doc = await settled(r.json().id);
    const msi = doc.findings.find((f) => f.kind === 'msi');
    expect(msi).toBeDefined();
    const accepted = await t.app.inject({
      method: 'PATCH',
      url: `/api/documents/${doc.id}/findings/${msi!.id}`,
      headers: alice.auth,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().findings.find((f: { id: string }) => f.id === msi!.id)).toMatchObject({ status: 'accepted', appliedTo: 'msi' });
    const data = (await t.app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${folder}`, headers: alice.auth })).json();
    expect(data.answers.msi).toBe('high');
    expect(data.patient.msi).toBe('high');
  });
});
