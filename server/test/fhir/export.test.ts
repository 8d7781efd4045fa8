import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { FhirImportResponse } from '@oncodesk/shared/contracts';
import { baseR4Issues, mcodeStructureDefinition, profileIssues } from '../../src/fhir/validate';
import { mcodeProfiles } from '../../src/fhir/profiles';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { exampleBundle, readPatientBundle } from './bundles';

jest.setTimeout(120_000);

describe('GET /api/patients/:id/fhir: the folder as an mCODE STU4 bundle that imports back to the same answers', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const importBundle = async (body: unknown) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/patients/import', headers: alice.auth, payload: body as object });
    expect(r.statusCode).toBe(201);
    return FhirImportResponse.parse(r.json());
  };
  const answers = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${id}`, headers: alice.auth })).json().answers;
  const exported = async (id: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/patients/${id}/fhir`, headers: alice.auth });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/fhir\+json/);
    return r.json() as Bundle;
  };

  const sources: [string, () => unknown][] = [
    ['TrialMatching_Patient01', () => readPatientBundle('TrialMatching_Patient01.json')],
    ['TrialMatching_Patient02', () => readPatientBundle('TrialMatching_Patient02.json')],
    ['IG example Jenny M', () => exampleBundle(/jenny-m/)],
    ['IG example John Anyperson', () => exampleBundle(/john-anyperson|primary-cancer-condition-nsclc|brain-mets|stage-group-3c|karnofsky|somatic-single-nucleotide|genomic-variant-fusion\./, /^(Patient|Condition|Observation)-/)],
  ];

  it.each(sources)('%s: export, re-import, same answers', async (_name, read) => {
    const first = await importBundle(read());
    const bundle = await exported(first.patientId);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const second = await importBundle(bundle);
    expect(second.focusArea).toBe(first.focusArea);
    expect(await answers(second.patientId)).toEqual(await answers(first.patientId));
    // everything in an OncoDesk export is read back
    expect(second.skipped).toEqual([]);
    // and exporting twice gives the same resources (stable ids)
    expect((await exported(first.patientId)).entry!.map((e) => e.fullUrl)).toEqual(bundle.entry!.map((e) => e.fullUrl));
  });

  it('validates against FHIR R4 and declares and satisfies the mCODE STU4 profiles', async () => {
    const { patientId } = await importBundle(readPatientBundle('TrialMatching_Patient02.json'));
    const bundle = await exported(patientId);
    expect(baseR4Issues(bundle)).toEqual([]);
    const byProfile = (p: string) => bundle.entry!.map((e) => e.resource!).filter((r) => r.meta?.profile?.includes(p));
    expect(byProfile(mcodeProfiles.cancerPatient)).toHaveLength(1);
    expect(byProfile(mcodeProfiles.primaryCancerCondition)).toHaveLength(1);
    expect(byProfile(mcodeProfiles.secondaryCancerCondition)).toHaveLength(1);
    expect(byProfile(mcodeProfiles.tnmStageGroup)).toHaveLength(1);
    // ER, PR, HER2 and MSI (every focus area asks MSI, and the imported bundle states it)
    expect(byProfile(mcodeProfiles.tumorMarkerTest)).toHaveLength(4);
    expect(byProfile(mcodeProfiles.genomicVariant)).toHaveLength(3);
    expect(byProfile(mcodeProfiles.ecogPerformanceStatus)).toHaveLength(1);
    expect(byProfile(mcodeProfiles.cancerRelatedMedicationRequest)).toHaveLength(11);
    expect(byProfile(mcodeProfiles.cancerRelatedSurgicalProcedure)).toHaveLength(1);
    expect(byProfile(mcodeProfiles.radiotherapyCourseSummary)).toHaveLength(1);
    for (const e of bundle.entry!) {
      const r = e.resource!;
      expect(e.fullUrl).toBe(`urn:uuid:${r.id}`);
      expect(baseR4Issues(r)).toEqual([]);
      const profile = r.meta!.profile![0];
      expect(profile).toMatch(/^http:\/\/hl7\.org\/fhir\/us\/mcode\/StructureDefinition\/mcode-/);
      const sd = mcodeStructureDefinition(profile);
      expect(sd?.url).toBe(profile);
      expect(profileIssues(r, sd!)).toEqual([]);
    }
    const stage = byProfile(mcodeProfiles.tnmStageGroup)[0] as Observation;
    expect(stage.valueCodeableConcept).toMatchObject({ coding: [{ system: 'http://cancerstaging.org', code: '4', display: 'IV' }] });
  });

  it('the checks catch what is wrong (they can fail)', () => {
    const sd = mcodeStructureDefinition(mcodeProfiles.tnmStageGroup)!;
    const stage: Observation = { resourceType: 'Observation', status: 'final', code: { text: 'stage' }, subject: { reference: 'urn:uuid:1' }, meta: { profile: [sd.url!] } };
    // the TNM stage group needs category, focus (the primary cancer) and method
    expect(profileIssues(stage, sd)).toEqual(expect.arrayContaining([expect.stringMatching(/^Observation\.focus/), expect.stringMatching(/^Observation\.method/), expect.stringMatching(/^Observation\.category/)]));
    const marker = mcodeStructureDefinition(mcodeProfiles.tumorMarkerTest)!;
    const noLab = { ...stage, category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' }] }], valueString: 'x' };
    expect(profileIssues(noLab, marker)).toEqual([expect.stringMatching(/^Observation\.category:us-core/)]);
    const ecog = mcodeStructureDefinition(mcodeProfiles.ecogPerformanceStatus)!;
    expect(profileIssues({ ...noLab, code: { coding: [{ system: 'http://loinc.org', code: '1234-5' }] } }, ecog)).toEqual([expect.stringMatching(/^Observation\.code: must be/)]);
    expect(baseR4Issues({ resourceType: 'Observation', status: 'final' } as Resource)).toEqual([expect.stringMatching(/Observation\.code/)]);
  });

  it("another user's folder is not found", async () => {
    const { patientId } = await importBundle(readPatientBundle('TrialMatching_Patient01.json'));
    const bob = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/fhir`, headers: bob.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/fhir` })).statusCode).toBe(401);
  });
});
