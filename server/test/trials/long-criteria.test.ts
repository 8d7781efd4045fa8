import { Trial as TrialSchema } from '@oncodesk/shared/contracts';
import { parseCtgovV2 } from '../../src/trials/importers';
import { finalizeTrial } from '../../src/trials/model';

// Issue 28: a record with one very long criterion was rejected whole (NCT06242470, a melanoma basket study of
// ClinicalTrials.gov, was left out of the shared data for it). A long criterion is kept with its sentence.

/** An API v2 study (the fields the importer reads) whose eligibility text is `criteria`. */
function study(id: string, criteria: string) {
  return JSON.stringify({
    protocolSection: {
      identificationModule: { nctId: id, briefTitle: 'A basket study of a targeted drug in advanced solid tumours' },
      statusModule: { overallStatus: 'RECRUITING', lastUpdatePostDateStruct: { date: '2026-03-01' } },
      designModule: { studyType: 'INTERVENTIONAL', phases: ['PHASE2'] },
      conditionsModule: { conditions: ['Solid Tumor'] },
      eligibilityModule: { eligibilityCriteria: criteria, minimumAge: '18 Years', sex: 'ALL' },
    },
  });
}

const diseases = [
  'melanoma',
  'non-small cell lung cancer',
  'colorectal cancer',
  'pancreatic cancer',
  'breast cancer',
  'ovarian cancer',
  'gastric cancer',
  'oesophageal cancer',
  'hepatocellular carcinoma',
  'cholangiocarcinoma',
  'renal cell carcinoma',
  'urothelial carcinoma',
  'prostate cancer',
  'thyroid cancer',
  'cervical cancer',
  'endometrial cancer',
  'head and neck squamous cell carcinoma',
  'glioblastoma',
  'soft tissue sarcoma',
  'mesothelioma',
];
const longSentence = `Histologically confirmed diagnosis of one of the following advanced or metastatic solid tumours: ${diseases.join(', ')}, each with a documented BRAF V600 mutation.`;

describe('a criterion longer than the old 300-character limit', () => {
  it('keeps the record, the sentence whole and its diseases', () => {
    expect(longSentence.length).toBeGreaterThan(400);
    const r = parseCtgovV2(
      study('NCT09000001', `Inclusion Criteria:\n\n* ${longSentence}\n* ECOG performance status 0-1\n\nExclusion Criteria:\n\n* Active brain metastases`),
      'get',
    );
    expect(r.errors).toEqual([]);
    const [t] = r.trials;
    expect(TrialSchema.safeParse(t).success).toBe(true);
    const fromSentence = t.eligibility.criteria.filter((c) => c.source.includes('one of the following'));
    expect(fromSentence.length).toBeGreaterThan(0);
    for (const c of fromSentence) expect(c.source).toContain('mesothelioma');
    const dx = fromSentence.find((c) => c.spec.kind === 'diagnosis')?.spec;
    expect(dx).toMatchObject({ kind: 'diagnosis' });
    expect(dx?.kind === 'diagnosis' ? dx.codes : []).toEqual(expect.arrayContaining(['MEL', 'NSCLC']));
    // the rest of the record is read as usual
    expect(t.eligibility.criteria.some((c) => c.spec.kind === 'ecog')).toBe(true);
    expect(t.eligibility.criteria.some((c) => c.spec.kind === 'brain_metastases' && c.polarity === 'exclusion')).toBe(true);
  });
});

describe('a compiled criterion that breaks the contract', () => {
  it('is kept as its sentence, not understood, and the rest of the trial stands', () => {
    const bad = {
      id: 'trial#90',
      polarity: 'inclusion' as const,
      spec: { kind: 'ecog' as const, max: 9 },
      source: 'ECOG performance status 0-9 (structured)',
      confidence: 1,
      origin: 'structured' as const,
    };
    const r = finalizeTrial({
      id: 'NCT09000002',
      nctId: 'NCT09000002',
      otherIds: [],
      source: 'manual',
      briefTitle: 'A study in non-small cell lung cancer',
      phases: ['2'],
      overallStatus: 'recruiting',
      collaborators: [],
      conditions: ['Non-small Cell Lung Cancer'],
      keywords: [],
      interventions: [],
      cohorts: [],
      sites: [],
      dates: {},
      eligibility: { text: 'Inclusion Criteria:\n- Age 18 years or older', sex: 'all', criteria: [bad] },
    });
    expect(r.error).toBeUndefined();
    expect(r.trial!.eligibility.criteria.find((c) => c.id === 'trial#90')).toEqual({ ...bad, spec: { kind: 'free_text' }, confidence: 0 });
    expect(r.trial!.eligibility.criteria.some((c) => c.spec.kind === 'age')).toBe(true);
  });
});
