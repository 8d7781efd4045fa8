import { ReportDocument } from '@oncodesk/shared/contracts';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { settledDocument } from '../support/documents';
import { multipart } from '../vault/helpers';

jest.setTimeout(120_000);

/** A report pasted from an EHR, with a positive finding, a VUS, a synonymous change, a denied line, a splice change and a TMB count. */
const REPORT = [
  'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT',
  'RESULTS',
  'KRAS c.34G>T (p.G12C) - in 27% of 300 reads',
  'HRAS E126E (0.4%)',
  'RET amplification not detected',
  'Microsatellite status: MSI-High NOT DETECTED',
  'TP53 splice site 559+1G>A',
  'Tumor mutational burden (TMB) absolute count: 46',
  'Variants of uncertain significance:',
  'APC S1400L (48%)',
].join('\n');

describe('a finding the report denies, lists as VUS or synonymous never becomes a patient alteration (through the route)', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpVerified>>;
  let folder: string;
  let doc: ReportDocument;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    folder = (await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Lung demo', focusArea: 'lung' } })).json().id;
    const body = multipart({ name: 'EHR molecular result pasted from the chart.txt', data: Buffer.from(REPORT), type: 'text/plain' }, { patientId: folder });
    const r = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { ...alice.auth, ...body.headers }, payload: body.payload });
    expect(r.statusCode).toBe(201);
    doc = await settledDocument(t.app, alice.auth, r.json().id);
  });
  afterAll(() => t.close());
  const patch = (findingId: string, body: object, lang = 'en') => t.app.inject({ method: 'PATCH', url: `/api/documents/${doc.id}/findings/${findingId}`, headers: { ...alice.auth, 'accept-language': lang }, payload: body });
  const alterations = async () => (await t.app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${folder}`, headers: alice.auth })).json().answers.alterations;
  const finding = (pred: (f: ReportDocument['findings'][number]) => boolean) => doc.findings.find(pred)!;

  it('reads the pasted report with each finding’s assertion', () => {
    expect(doc).toMatchObject({ status: 'done', kind: 'ngs' });
    expect(doc.findings.map((f) => `${f.gene ?? f.name} ${f.proteinChange ?? f.cdna ?? f.change ?? f.interpretation ?? f.value} ${f.assertion}`)).toEqual([
      'KRAS G12C detected',
      'HRAS E126E synonymous',
      'RET amplification not_detected',
      'MSI MSI-High not_detected',
      'TP53 c.559+1G>A detected',
      'TMB 46 detected',
      'APC S1400L vus',
    ]);
  });

  it.each([
    ['a VUS', 'APC', 'assertion_vus'],
    ['a synonymous change', 'HRAS', 'assertion_synonymous'],
    ['a denied amplification', 'RET', 'assertion_not_detected'],
    ['a denied MSI-High', 'MSI', 'assertion_not_detected'],
    ['a TMB count without its panel size', 'TMB', 'tmb_not_per_mb'],
  ])('accepting %s answers 400 finding_not_actionable, translated, and changes nothing', async (_what, name, reason) => {
    const f = finding((x) => (x.gene ?? x.name) === name);
    for (const lang of ['en', 'es', 'it']) {
      const r = await patch(f.id, { status: 'accepted' }, lang);
      expect(r.statusCode).toBe(400);
      const error = r.json().error;
      expect(error).toMatchObject({ code: 'finding_not_actionable', fields: [{ path: 'finding', code: reason }] });
      // a sentence in the asker's language, not the generic fallback
      expect(error.message).toMatch(lang === 'it' ? /referto/ : lang === 'es' ? /informe/ : /report/);
      expect(error.fields[0].message).not.toMatch(/went wrong|ha ido mal|andato storto/i);
    }
    // nothing stored: the finding is still proposed and the patient has no alteration from it
    const now = ReportDocument.parse((await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: alice.auth })).json());
    expect(now.findings.find((x) => x.id === f.id)).toMatchObject({ status: 'proposed' });
    expect(await alterations()).toBeUndefined();
    // an edit does not make it actionable either
    expect((await patch(f.id, { status: 'accepted', edit: { gene: 'KRAS' } })).statusCode).toBe(400);
  });

  it('the positive finding is applied; rejecting a VUS is allowed and changes nothing', async () => {
    expect((await patch(finding((x) => x.gene === 'KRAS').id, { status: 'accepted' })).statusCode).toBe(200);
    expect(await alterations()).toEqual(['KRAS G12C']);
    const r = await patch(finding((x) => x.gene === 'APC').id, { status: 'rejected' });
    expect(r.statusCode).toBe(200);
    expect(await alterations()).toEqual(['KRAS G12C']);
  });

  it('a splice change without a protein change is kept as read and refused with a code: the survey takes alterations by protein change', async () => {
    // applied as "TP53 c.559+1G>A" only if the survey's validator took it; it does not (unknown_variant), so it is refused and says why
    const r = await patch(finding((x) => x.gene === 'TP53').id, { status: 'accepted' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'finding_not_applicable', fields: [{ path: 'finding', code: 'unknown_variant' }] });
    expect(await alterations()).toEqual(['KRAS G12C']);
  });
});
