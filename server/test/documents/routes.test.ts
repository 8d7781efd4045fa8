import fs from 'node:fs';
import path from 'node:path';
import { ReportDocument } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../src/config/sharedData';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { settledDocument } from '../support/documents';
import { multipart, samples, upload as vaultUpload } from '../vault/helpers';
import { encryptedPdf, LAB_CSV, MADE_REPORTS, madePdf } from './reports';
import { stopOcr } from '../../src/documents/ocr';

jest.setTimeout(120_000);
const labReport = MADE_REPORTS.find((r) => r.name.startsWith('laboratory'))!;
const ngs2 = fs.readFileSync(path.join(sharedDataDir(), 'reports', 'ngs', 'SYN-NGS-0002.pdf'));

describe('reports of a patient folder: upload, read, review, and the patient follows what is accepted', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpVerified>>;
  let bob: Awaited<ReturnType<typeof signUpVerified>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    bob = await signUpVerified(t.app);
    folder = (await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Colon demo', focusArea: 'colon' } })).json().id;
    for (const [questionId, value] of [['diagnosis.colon', 'COAD'], ['age', 58], ['gender', 'male']] as const)
      await t.app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice.auth, payload: { patientId: folder, focusArea: 'colon', questionId, value } });
  });
  afterAll(async () => {
    await t.close();
    await stopOcr();
  });
  const upload = (name: string, data: Buffer, headers = alice.auth, patientId = folder) => {
    const body = multipart({ name, data, type: 'application/pdf' }, { patientId });
    return t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const settled = (id: string) => settledDocument(t.app, alice.auth, id);
  const patch = (id: string, findingId: string, body: object) => t.app.inject({ method: 'PATCH', url: `/api/documents/${id}/findings/${findingId}`, headers: alice.auth, payload: body });
  const answers = async () => (await t.app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${folder}`, headers: alice.auth })).json();

  it('stores the report in the vault under the patient, reads it, and proposes findings with their place', async () => {
    const r = await upload('SYN-NGS-0002.pdf', ngs2);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'processing', name: 'SYN-NGS-0002.pdf' });
    const doc = await settled(r.json().id);
    expect(doc).toMatchObject({ status: 'done', kind: 'ngs', pages: 1 });
    expect(doc.findings.every((f) => f.status === 'proposed')).toBe(true);
    expect(doc.findings.find((f) => f.proteinChange === 'V600E')).toMatchObject({ gene: 'BRAF', vaf: 0.225, source: { page: 1, text: expect.stringContaining('c.1799T>A') } });
    // the file is in the vault, in Patients/Colon demo
    const root = (await t.app.inject({ method: 'GET', url: '/api/vault/items', headers: alice.auth })).json();
    const patientsFolder = root.items.find((i: { name: string }) => i.name === 'Patients');
    const inside = (await t.app.inject({ method: 'GET', url: `/api/vault/items?parentId=${patientsFolder.id}`, headers: alice.auth })).json();
    expect(inside.items.map((i: { name: string }) => i.name)).toEqual(['Colon demo']);
    // the page as an image with its size in PDF points, to draw the finding's box over it
    const page = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/pages/1`, headers: alice.auth });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, width: 612, height: 792, image: expect.stringMatching(/^data:image\/png;base64,iVBOR/) });
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/pages/2`, headers: alice.auth })).statusCode).toBe(404);
    // nothing changed in the patient before a decision
    expect((await answers()).answers.alterations).toBeUndefined();
  });

  it('an accepted finding becomes a survey answer; a rejection takes it back; an edit keeps what was read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `/api/documents?patientId=${folder}`, headers: alice.auth })).json().documents[0] as ReportDocument;
    const braf = doc.findings.find((f) => f.proteinChange === 'V600E')!;
    const msi = doc.findings.find((f) => f.kind === 'msi')!;
    const vus = doc.findings.find((f) => f.assertion === 'vus')!;
    const trialsPatient = async () => (await t.app.inject({ method: 'GET', url: `/api/trials/patient?patientId=${folder}`, headers: alice.auth })).json();
    const before = Date.parse((await trialsPatient()).answersUpdatedAt);
    await new Promise((r) => setTimeout(r, 20));
    const accepted = await patch(doc.id, braf.id, { status: 'accepted' });
    // a search run before this shows as out of date (the answers changed after it)
    expect(Date.parse((await trialsPatient()).answersUpdatedAt)).toBeGreaterThan(before);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().findings.find((f: { id: string }) => f.id === braf.id)).toMatchObject({ status: 'accepted', appliedTo: 'alterations' });
    await patch(doc.id, msi.id, { status: 'accepted' });
    // a variant of unknown significance is never made a patient alteration: accepting it is refused with a code
    const refused = await patch(doc.id, vus.id, { status: 'accepted' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'finding_not_actionable' } });
    let data = await answers();
    expect(data.answers).toMatchObject({ alterations: ['BRAF V600E'], msi: 'high' });
    expect(data.patient.alterations).toContainEqual({ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' });
    // the trial match sees it
    expect((await t.app.inject({ method: 'GET', url: `/api/trials/patient?patientId=${folder}`, headers: alice.auth })).json().patient.msi).toBe('high');

    const pik = doc.findings.find((f) => f.gene === 'PIK3CA')!;
    const edited = (await patch(doc.id, pik.id, { status: 'accepted', edit: { proteinChange: 'H1047L' } })).json().findings.find((f: { id: string }) => f.id === pik.id);
    expect(edited).toMatchObject({ proteinChange: 'H1047L', original: { proteinChange: 'H1047R' }, status: 'accepted' });
    expect((await answers()).answers.alterations).toEqual(['BRAF V600E', 'PIK3CA H1047L']);

    await patch(doc.id, braf.id, { status: 'rejected' });
    data = await answers();
    expect(data.answers.alterations).toEqual(['PIK3CA H1047L']);
  });

  it('laboratory results: an accepted value fills the labs answer in its UCUM unit with the ULN; the matcher reads it', async () => {
    const r = await upload('labs.pdf', Buffer.from(await madePdf(labReport)));
    const doc = await settled(r.json().id);
    expect(doc).toMatchObject({ status: 'done', kind: 'lab' });
    const bili = doc.findings.find((f) => f.loinc === '1975-2')!;
    const cea = doc.findings.find((f) => f.loinc === '2039-6')!;
    expect(bili).toMatchObject({ value: 1.4, unit: 'mg/dL', flag: 'H', referenceRange: '0.2 - 1.2' });
    expect((await patch(doc.id, bili.id, { status: 'accepted' })).json().findings.find((f: { id: string }) => f.id === bili.id)).toMatchObject({ appliedTo: 'labs' });
    // CEA is the colon survey's own question (in ng/mL): it goes there
    expect((await patch(doc.id, cea.id, { status: 'accepted' })).json().findings.find((f: { id: string }) => f.id === cea.id)).toMatchObject({ appliedTo: 'colon.cea' });
    let data = await answers();
    expect(data.answers.labs).toEqual([{ analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', uln: 1.2 }]);
    expect(data.answers['colon.cea']).toBe(12.4);
    expect(data.patient.labs).toEqual([{ analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', uln: 1.2 }]);
    // the clinician corrects the value read (in µmol/L): the answer follows, what was read is kept
    const edited = (await patch(doc.id, bili.id, { status: 'accepted', edit: { value: 24, unit: 'µmol/L' } })).json().findings.find((f: { id: string }) => f.id === bili.id);
    expect(edited).toMatchObject({ value: 24, unit: 'umol/L', original: { value: 1.4, unit: 'mg/dL' } });
    data = await answers();
    expect(data.answers.labs).toEqual([{ analyte: 'bilirubin', value: 24, unit: 'umol/L', uln: 1.2 }]);
    expect((await patch(doc.id, bili.id, { status: 'accepted', edit: { unit: 'parsecs' } })).json()).toMatchObject({ error: { code: 'validation_failed', fields: [{ path: 'edit.unit', code: 'unit_invalid' }] } });
    // rejected: the value leaves the patient
    await patch(doc.id, bili.id, { status: 'rejected' });
    expect((await answers()).answers.labs).toBeUndefined();
  });

  it('process-directory reads the reports already in the vault folder once, and says what it left', async () => {
    const root = (await t.app.inject({ method: 'GET', url: '/api/vault/items', headers: alice.auth })).json();
    const patientsFolder = root.items.find((i: { name: string }) => i.name === 'Patients');
    const mine = (await t.app.inject({ method: 'GET', url: `/api/vault/items?parentId=${patientsFolder.id}`, headers: alice.auth })).json().items[0];
    await vaultUpload(t.app, alice.auth, 'export.csv', Buffer.from(LAB_CSV.text), mine.id);
    expect((await vaultUpload(t.app, alice.auth, 'budget.xlsx', await samples.xlsx(), mine.id)).statusCode).toBe(201);
    const run = () => t.app.inject({ method: 'POST', url: '/api/documents/process-directory', headers: alice.auth, payload: { patientId: folder } });
    const first = await run();
    expect(first.statusCode).toBe(200);
    expect(first.json().documents.map((d: { name: string }) => d.name)).toEqual(['export.csv']);
    expect(first.json().skipped).toEqual(expect.arrayContaining([{ name: 'budget.xlsx', reason: 'report_format_unsupported' }, { name: 'SYN-NGS-0002.pdf', reason: 'already_read' }]));
    expect(await settled(first.json().documents[0].id)).toMatchObject({ status: 'done', kind: 'lab', findings: expect.arrayContaining([expect.objectContaining({ loinc: '751-8', value: 1.2 })]) });
    // again: nothing new
    expect((await run()).json().documents).toEqual([]);
    // someone else's folder id is not found
    expect((await t.app.inject({ method: 'POST', url: '/api/documents/process-directory', headers: bob.auth, payload: { patientId: folder } })).statusCode).toBe(404);
  });

  it('refuses bad input clearly and changes nothing', async () => {
    expect((await upload('empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    const before = (await t.app.inject({ method: 'GET', url: `/api/documents?patientId=${folder}`, headers: alice.auth })).json().documents.length;
    const docx = await upload('notes.docx', Buffer.from('PK\u0003\u0004 not a report'));
    expect(docx.statusCode).toBe(400);
    expect(docx.json()).toMatchObject({ error: { code: 'validation_failed', fields: [{ path: 'file', code: 'report_format_unsupported', message: expect.stringContaining('PDF') }] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/documents?patientId=${folder}`, headers: alice.auth })).json().documents.length).toBe(before);
    const locked = await upload('locked.pdf', Buffer.from(await encryptedPdf()));
    expect(await settled(locked.json().id)).toMatchObject({ status: 'failed', reason: 'pdf_encrypted', findings: [] });
    const { createCanvas } = await import('@napi-rs/canvas');
    const blank = createCanvas(600, 400);
    const noText = await upload('blank.png', blank.toBuffer('image/png'));
    expect(await settled(noText.json().id)).toMatchObject({ status: 'failed', reason: 'no_text_found', findings: [] });
    const corrupt = await upload('corrupt.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 7)]));
    expect(corrupt.statusCode).toBe(201);
    expect(await settled(corrupt.json().id)).toMatchObject({ status: 'failed', reason: 'pdf_unreadable', findings: [] });
    // another user's folder and report are not found
    expect((await upload('SYN-NGS-0002.pdf', ngs2, bob.auth)).statusCode).toBe(404);
    const mine = (await t.app.inject({ method: 'GET', url: `/api/documents?patientId=${folder}`, headers: alice.auth })).json().documents[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${mine.id}`, headers: bob.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/documents/${mine.id}/findings/f1`, headers: alice.auth, payload: { status: 'maybe' } })).statusCode).toBe(400);
  });
});
