import { FindTreatmentResponse } from '@oncodesk/shared/contracts';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { lungFolder } from '../trials-api/fixtures';

jest.setTimeout(120_000);

describe('POST /api/guidelines/find-treatment', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpVerified>>;
  let bob: Awaited<ReturnType<typeof signUpVerified>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    bob = await signUpVerified(t.app);
    folder = await lungFolder(t.app, alice.auth, { location: false });
  });
  afterAll(() => t.close());
  const post = (payload: unknown, headers: Record<string, string> = alice.auth) => t.app.inject({ method: 'POST', url: '/api/guidelines/find-treatment', headers, payload: payload as object });

  it('answers for a folder from its survey answers, with the pack, sources and what is missing', async () => {
    const r = await post({ patientId: folder });
    expect(r.statusCode).toBe(200);
    const body = FindTreatmentResponse.parse(r.json());
    expect(body.pack).toMatchObject({ id: 'oncodesk-open-pack', version: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(body.pack.disclaimer).toMatch(/not NCCN/);
    expect(body.recommendations[0]).toMatchObject({ id: 'nsclc-egfr-osimertinib-1l', therapy: 'Osimertinib', evidence: { category: 'fda_label' } });
    expect(body.recommendations[0].sources[0].citation).toMatch(/TAGRISSO/);
    // the folder records no prior treatment for metastatic disease: said, not assumed silently
    expect(body.missingData.map((m) => m.fact)).toContain('Lines of systemic therapy received for metastatic disease not recorded');
  });

  it('answers for a structured patient, deriving the focus area from the diagnosis', async () => {
    const r = await post({ patient: { oncotreeCode: 'COAD', metastatic: true, priorLines: 0, msi: 'high' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().recommendations[0].id).toBe('crc-msi-pembrolizumab-1l');
  });

  it('answers in the Accept-Language, the pack\'s rule text included', async () => {
    const it_ = FindTreatmentResponse.parse((await post({ patientId: folder }, { ...alice.auth, 'accept-language': 'it-IT,it;q=0.9' })).json());
    expect(it_.recommendations[0]).toMatchObject({ id: 'nsclc-egfr-osimertinib-1l', rationale: expect.stringMatching(/^Inibitore tirosin-chinasico di EGFR/) });
    expect(it_.missingData.map((m) => m.fact)).toContain('Linee di terapia sistemica ricevute per la malattia metastatica non registrate');
    const es = FindTreatmentResponse.parse((await post({ patientId: folder }, { ...alice.auth, 'accept-language': 'es' })).json());
    expect(es.recommendations[0].matchedOn.join('\n')).toMatch(/Situación: enfermedad avanzada o metastásica/);
  });

  it('refuses bad input with a clear, translated error and changes nothing', async () => {
    const both = await post({ patientId: folder, patient: { oncotreeCode: 'COAD' } });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('validation_failed');
    const contradictory = await post({ patient: { focusArea: 'lung', oncotreeCode: 'LUAD', stage: 'IVB', metastatic: false } }, { ...alice.auth, 'accept-language': 'it' });
    expect(contradictory.statusCode).toBe(400);
    expect(contradictory.json().error).toMatchObject({ code: 'contradictory_facts', fields: [{ code: 'contradictory_facts', message: expect.stringMatching(/si contraddicono/) }] });
    const outside = await post({ patient: { oncotreeCode: 'MEL', metastatic: true } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.code).toBe('focus_area_required');
    const badFocus = await post({ patient: { focusArea: 'pancreas', oncotreeCode: 'PAAD' } });
    expect(badFocus.statusCode).toBe(400);
    const unknownPack = await post({ patientId: folder, packId: 'no-such-pack' });
    expect(unknownPack.statusCode).toBe(404);
    expect(unknownPack.json().error.code).toBe('guideline_pack_not_found');
  });

  it('another user\'s folder is not found; without a session nothing is answered', async () => {
    expect((await post({ patientId: folder }, bob.auth)).statusCode).toBe(404);
    expect((await post({ patientId: folder }, {})).statusCode).toBe(401);
    const packs = await t.app.inject({ method: 'GET', url: '/api/guidelines/packs' });
    expect(packs.json().packs.map((p: { id: string }) => p.id)).toEqual(['oncodesk-open-pack']);
  });
});
