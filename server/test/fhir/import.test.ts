import { FhirImportResponse } from '@oncodesk/shared/contracts';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { exampleBundle, readPatientBundle, yearsSince } from './bundles';

jest.setTimeout(120_000);

describe('POST /api/patients/import: an mCODE bundle becomes a patient folder with the answers a clinician would give', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const importBundle = async (body: unknown, query = '') => {
    const r = await t.app.inject({ method: 'POST', url: `/api/patients/import${query}`, headers: alice.auth, payload: body as object });
    expect(r.statusCode).toBe(201);
    return FhirImportResponse.parse(r.json());
  };
  const stored = async (patientId: string) => (await t.app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: alice.auth })).json();
  const sourceOf = (res: FhirImportResponse, questionId: string, value?: string) => res.imported.find((i) => i.questionId === questionId && (value === undefined || i.value === value));

  it('TrialMatching_Patient01: metastatic HR+/HER2- ductal breast cancer, ESR1 and PIK3CA mutated, after endocrine therapy and CDK4/6 inhibitors', async () => {
    const res = await importBundle(readPatientBundle('TrialMatching_Patient01.json'));
    expect(res.focusArea).toBe('breast');
    const data = await stored(res.patientId);
    expect(data.answers).toEqual({
      age: yearsSince('1959-01-01'),
      gender: 'female',
      'diagnosis.breast': 'IDC',
      'stage.breast': 'IV',
      metastatic: 'yes',
      // axillary nodes are regional for a breast cancer (N, not M): only liver and bone are distant sites
      metastasis_sites: ['liver', 'bone'],
      'breast.er': 'positive',
      'breast.pr': 'positive',
      'breast.her2': 'negative',
      // the bundle states MSI by IHC as positive (LOINC 62862-8), and every focus area asks MSI
      msi: 'high',
      alterations: ['ESR1 Mutation', 'PIK3CA Mutation'],
      ecog: '1',
      // leuprolide is the survey's leuprorelin; fulvestrant, given twice, is one treatment
      prior_treatments: ['leuprorelin', 'fulvestrant', 'abemaciclib', 'ribociclib'],
    });
    // the matcher's patient follows the answers
    expect(data.patient).toMatchObject({ oncotreeCode: 'IDC', stage: 'IV', metastatic: true, ecog: 1, metastasisSites: ['liver', 'bone'] });
    expect(data.patient.biomarkers).toEqual(expect.arrayContaining([{ name: 'ER', value: 'positive' }, { name: 'HER2', value: 'negative' }]));
    // each answer with the resource it was read from
    expect(sourceOf(res, 'breast.er')?.resource).toBe('Observation/mCODETrialMatchingTumorMarkerPatientExample01');
    expect(sourceOf(res, 'metastasis_sites', 'liver')?.resource).toBe('Condition/mCODETrialMatchingSecondaryCancerCondition02PatientExample01');
    expect(sourceOf(res, 'stage.breast')?.resource).toBe('Observation/mCODETrialMatchingTNMClinicalStageGroupExample01');
    expect(sourceOf(res, 'alterations', 'PIK3CA Mutation')?.resource).toBe('Observation/mCODETrialMatchingCancerGeneticVariant02PatientExample01');
    expect(sourceOf(res, 'prior_treatments', 'fulvestrant')?.resources).toEqual([
      'MedicationStatement/mCODETrialMatchingCancerMedicationStatement02PatientExample01',
      'MedicationStatement/mCODETrialMatchingCancerMedicationStatement04PatientExample01',
    ]);
    expect(sourceOf(res, 'age')?.resource).toBe('Patient/mCODETrialMatchingPatientExample01');
    // what could not become an answer is said, with why
    expect(res.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'Condition/mCODETrialMatchingSecondaryCancerConditionPatientExample01', reason: 'regional_lymph_nodes' }),
      ]),
    );
    // the MSI marker is taken now that every focus area asks MSI
    expect(res.skipped).toHaveLength(1);
    expect(sourceOf(res, 'msi')?.resource).toBe('Observation/mCODETrialMatchingTumorMarker04PatientExample01');
    const folder = (await t.app.inject({ method: 'GET', url: `/api/patients/${res.patientId}`, headers: alice.auth })).json();
    expect(folder).toMatchObject({ name: 'Patient B TrialMatching', focusArea: 'breast', complete: true });
  });

  it('TrialMatching_Patient02: bone-metastatic breast cancer with CCND1, FGFR1 and MDM2 amplification, surgery, radiotherapy and eleven medicines', async () => {
    const res = await importBundle(readPatientBundle('TrialMatching_Patient02.json'), '?name=Trial%20patient%202');
    const data = await stored(res.patientId);
    expect(data.answers).toEqual({
      age: yearsSince('1973-01-01'),
      gender: 'female',
      'diagnosis.breast': 'IDC',
      'stage.breast': 'IV',
      metastatic: 'yes',
      metastasis_sites: ['bone'],
      'breast.er': 'positive',
      'breast.pr': 'positive',
      'breast.her2': 'negative',
      msi: 'high',
      alterations: ['CCND1 Amplification', 'FGFR1 Amplification', 'MDM2 Amplification'],
      ecog: '1',
      prior_treatments: ['exemestane', 'zoledronic acid', 'anastrozole', 'letrozole', 'palbociclib', 'fulvestrant', 'capecitabine', 'tamoxifen', 'abemaciclib', 'gemcitabine', 'alpelisib'],
      'local_treatments.breast': ['surgery', 'radiotherapy'],
    });
    expect(sourceOf(res, 'local_treatments.breast', 'surgery')?.resource).toBe('Procedure/mCODETrialMatchingCancerRelatedSurgicalProcedurePatientExample02');
    expect(sourceOf(res, 'local_treatments.breast', 'radiotherapy')?.resources).toHaveLength(4);
    // "TMB low" is no number of mutations per megabase: the tmb question stays for the clinician
    expect(res.skipped).toContainEqual(expect.objectContaining({ resource: 'Observation/mCODETrialMatchingTumorMarker05PatientExample02', reason: 'not_numeric' }));
    expect(data.answers.tmb).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${res.patientId}`, headers: alice.auth })).json().name).toBe('Trial patient 2');
  });

  it('mCODE IG examples (Jenny M): the pathologic stage group over a disagreeing stage summary, cM0, markers, PALB2, medicines, surgery and radiotherapy', async () => {
    const res = await importBundle(exampleBundle(/jenny-m/));
    const data = await stored(res.patientId);
    expect(data.answers).toEqual({
      age: yearsSince('1965-01-01'),
      gender: 'female',
      // primary malignant neoplasm of the left breast with infiltrating duct carcinoma morphology
      'diagnosis.breast': 'IDC',
      diagnosis_date: '2018-03-16',
      'stage.breast': 'IIB',
      metastatic: 'no',
      'breast.er': 'positive',
      'breast.pr': 'negative',
      'breast.her2': 'negative',
      alterations: ['PALB2 Y1183*'],
      ecog: '0',
      // doxorubicin from "10 ML doxorubicin hydrochloride 2 MG/ML Injection"
      prior_treatments: expect.arrayContaining(['doxorubicin', 'paclitaxel', 'anastrozole', 'cyclophosphamide']),
      'local_treatments.breast': ['surgery', 'radiotherapy'],
    });
    expect(data.answers.prior_treatments).toHaveLength(4);
    expect(sourceOf(res, 'stage.breast')?.resource).toBe('Observation/tnm-pathologic-stage-group-jenny-m');
    expect(sourceOf(res, 'metastatic')?.resource).toBe('Observation/tnm-clinical-distant-metastases-category-jenny-m');
    expect(res.skipped).toContainEqual(expect.objectContaining({ resource: 'Condition/primary-cancer-condition-jenny-m', reason: 'superseded', detail: expect.stringContaining('IIIC') }));
    expect(res.skipped).toContainEqual(expect.objectContaining({ resource: 'Procedure/us-core-procedure-biopsy-jenny-m', reason: 'not_a_cancer_treatment' }));
  });

  it('mCODE IG examples (John Anyperson): NSCLC with adenocarcinoma morphology, brain metastasis, Karnofsky 90 as ECOG 0, HGVS and fusion variants', async () => {
    const res = await importBundle(exampleBundle(/john-anyperson|primary-cancer-condition-nsclc|brain-mets|stage-group-3c|karnofsky|somatic-single-nucleotide|genomic-variant-fusion\.|tumor-marker-test-egf/, /^(Patient|Condition|Observation)-/));
    expect(res.focusArea).toBe('lung');
    const data = await stored(res.patientId);
    expect(data.answers).toEqual({
      age: yearsSince('1951-01-20'),
      gender: 'male',
      'diagnosis.lung': 'LUAD',
      diagnosis_date: '2019-04-01',
      'stage.lung': 'IIIC',
      metastatic: 'yes',
      metastasis_sites: ['brain'],
      // NM_000455.5(STK11):c.725G>A (p.Gly242Glu); BCR with ABL1, named after its kinase partner
      alterations: ['ABL1 Fusion', 'STK11 G242E'],
      ecog: '0',
    });
    expect(sourceOf(res, 'ecog')?.resource).toBe('Observation/karnofsky-performance-status-normal-activity');
    expect(sourceOf(res, 'metastatic')?.resource).toBe('Condition/secondary-cancer-condition-brain-mets');
    // the comorbidities are no cancer: not the primary, reported as not read
    expect(res.skipped).toContainEqual({ resource: 'Condition/john-anyperson-chf', reason: 'not_read' });
    expect(res.skipped).toContainEqual(expect.objectContaining({ resource: 'Observation/tumor-marker-test-egf', reason: 'marker_not_in_survey' }));
  });
});
