import { signUp, startTestApp, type TestApp } from '../support/app';
import { MAX_BUNDLE_BYTES } from '../../src/fhir';
import { exampleBundle, readPatientBundle } from './bundles';

jest.setTimeout(120_000);

describe('POST /api/patients/import refuses what it cannot import, with a code, and creates nothing', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const folders = async () => (await t.app.inject({ method: 'GET', url: '/api/patients', headers: alice.auth })).json().patients.length;
  const refused = async (payload: string | object, code: string, headers: Record<string, string> = {}, query = '') => {
    const before = await folders();
    const r = await t.app.inject({ method: 'POST', url: `/api/patients/import${query}`, headers: { ...alice.auth, ...headers }, payload });
    expect({ status: r.statusCode, code: r.json().error?.code }).toEqual({ status: 400, code });
    expect(await folders()).toBe(before);
    return r.json();
  };
  const patient = { resourceType: 'Patient', id: 'p1', gender: 'female', birthDate: '1970-05-01' };

  it('a body that is not a FHIR bundle', async () => {
    await refused({ resourceType: 'Patient', id: 'p1' }, 'fhir_invalid');
    await refused({ hello: 'world' }, 'fhir_invalid');
    await refused({ resourceType: 'Bundle', type: 'collection', entry: [] }, 'fhir_invalid');
    const body = await refused({ resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: 'urn:uuid:1' }] }, 'fhir_invalid');
    expect(body.error.fields).toEqual([expect.objectContaining({ path: 'entry.0.resource' })]);
    await refused('not json at all', 'fhir_invalid', { 'content-type': 'application/json' });
    await refused('plain text', 'fhir_invalid', { 'content-type': 'text/plain' });
    await refused('[1, 2', 'fhir_invalid', { 'content-type': 'application/fhir+json' });
  });

  it('a bundle with no cancer condition', async () => {
    const noCancer = exampleBundle(/^Condition-john-anyperson-chf|^Patient-cancer-patient-john-anyperson|^Observation-karnofsky/);
    expect(noCancer.entry).toHaveLength(3);
    await refused(noCancer, 'fhir_no_cancer_condition');
    await refused({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: patient }] }, 'fhir_no_cancer_condition');
  });

  it('a cancer whose focus area cannot be told, unless the caller says it; a contradicting one', async () => {
    const unspecific = { resourceType: 'Bundle', type: 'collection', entry: [{ resource: patient }, { resource: { resourceType: 'Condition', id: 'c1', code: { coding: [{ system: 'http://snomed.info/sct', code: '363346000', display: 'Malignant neoplastic disease (disorder)' }] }, subject: { reference: 'Patient/p1' } } }] };
    await refused(unspecific, 'focus_area_unknown');
    const ok = await t.app.inject({ method: 'POST', url: '/api/patients/import?focusArea=lung', headers: alice.auth, payload: unspecific });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ focusArea: 'lung', imported: expect.arrayContaining([{ questionId: 'diagnosis.lung', value: 'LUNG', resource: 'Condition/c1' }]) });
    // a breast cancer bundle is not imported into a lung folder
    await refused(readPatientBundle('TrialMatching_Patient01.json'), 'focus_area_mismatch', {}, '?focusArea=lung');
    await refused({ ...unspecific, entry: [...unspecific.entry, { resource: { ...patient, id: 'p2' } }] }, 'fhir_multiple_patients');
  });

  it('an oversize body', async () => {
    const big = readPatientBundle('TrialMatching_Patient01.json') as unknown as Record<string, unknown>;
    const payload = JSON.stringify({ ...big, padding: 'x'.repeat(MAX_BUNDLE_BYTES) });
    await refused(payload, 'fhir_too_large', { 'content-type': 'application/json' });
    await refused(payload, 'fhir_too_large', { 'content-type': 'application/fhir+json' });
  });

  it('needs a session', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/patients/import', payload: readPatientBundle('TrialMatching_Patient01.json') });
    expect(r.statusCode).toBe(401);
  });
});
