import { compileEligibility, compileItem, splitEligibility } from '../../src/trials/compiler';
import type { CriterionSpec } from '@oncodesk/shared/contracts';
import { inSharedTrials } from './helpers';

type Case = [sentence: string, section: 'inclusion' | 'exclusion', expected: Array<{ polarity: 'inclusion' | 'exclusion'; spec: Partial<CriterionSpec> }>];

/** Real sentences from the shared trial files (checked below), one block per criterion kind. */
const CASES: Record<string, Case[]> = {
  age: [
    ['Age ≥18 years old;', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Must be 18 years of age or above.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Age > 18 years.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 19 } }]],
  ],
  sex: [['must be female', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'sex', sex: 'female' } }]]],
  ecog: [['ECOG performance status of 0 or 1', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'ecog', max: 1 } }]]],
  karnofsky: [
    ['Karnofsky performance status 70 or better.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'karnofsky', min: 70 } }]],
    ['Karnofsky performance status >70%.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'karnofsky', min: 80 } }]],
  ],
  stage: [
    ['Stage III or IV', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'stage', groups: ['III', 'IV'] } }]],
    ['histologically or cytologically confirmed, previously untreated stage IIIB or IV NSCLC', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'stage', groups: ['IIIB', 'IV'] } }, { polarity: 'inclusion', spec: { kind: 'diagnosis', codes: ['NSCLC'] } }]],
  ],
  metastatic: [['Unresectable or metastatic pancreatic cancer', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'metastatic', state: 'advanced' } }, { polarity: 'inclusion', spec: { kind: 'diagnosis', codes: ['PANCREAS'] } }, { polarity: 'inclusion', spec: { kind: 'resectability', resectable: false } }]]],
  metastasis_site: [['Liver metastases, meeting 1 of the following criteria:', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'metastasis_site', site: 'liver' } }]]],
  brain_metastases: [
    ['No untreated brain metastases', 'inclusion', [{ polarity: 'exclusion', spec: { kind: 'brain_metastases', condition: 'untreated' } }]],
    ['Symptomatic or untreated brain metastases - Patients with brain metastases are', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'brain_metastases', condition: 'untreated' } }]],
  ],
  diagnosis: [['Patients with histologically or cytologically confirmed locally advanced or metastatic EGFR wild-type non-small cell lung cancer;', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'diagnosis', codes: ['NSCLC'] } }]]],
  alteration: [
    ['a documented T790M EGFR mutation', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'alteration', gene: 'EGFR', proteinChange: 'T790M', category: 'mutation' } }]],
    ['Documented ALK rearrangement based on Food and Drug Administration (FDA)-approved test', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'alteration', gene: 'ALK', category: 'fusion' } }]],
    ['A patients with EGFR mutation (including exon 19 deletion, L858R)', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'alteration', gene: 'EGFR', proteinChange: 'L858R' } }, { polarity: 'inclusion', spec: { kind: 'alteration', gene: 'EGFR', proteinChange: 'exon19del' } }]],
  ],
  wild_type: [
    ['wild-type KRAS tumor status', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'alteration', gene: 'KRAS', wildType: true } }]],
    ['Patients with histologically or cytologically confirmed locally advanced or metastatic EGFR wild-type non-small cell lung cancer;', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'alteration', gene: 'EGFR', wildType: true } }]],
  ],
  mmr: [['Patient is a candidate for Z1M based on local CLIA assessment of MMRd by immunohistochemistry (IHC) or MSI status', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'mmr', status: 'deficient' } }]]],
  receptor: [
    ['HER2 negative', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'receptor', marker: 'HER2', status: 'negative' } }]],
    ['Estrogen receptor- OR progesterone receptor-positive', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'receptor', marker: 'ER', status: 'positive' } }, { polarity: 'inclusion', spec: { kind: 'receptor', marker: 'PR', status: 'positive' } }]],
  ],
  prior_therapy: [
    ['No prior chemotherapy', 'inclusion', [{ polarity: 'exclusion', spec: { kind: 'prior_therapy', classes: ['chemotherapy'] } }]],
    ['Prior treatment with LHRH agonist or anti-androgens in the past 12 months', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'prior_therapy', classes: ['adt', 'antiandrogen'] } }]],
    ['Phase Ib part: Patients must have received no more than 2 prior lines of therapy', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'prior_therapy', maxLines: 2 } }]],
  ],
  measurable_disease: [['At least one measurable lesion (RECIST)', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'measurable_disease' } }]]],
  resectability: [['Deemed surgically unresectable by a surgical oncologist due to hepatic artery, celiac', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'resectability', resectable: false } }]]],
  lab: [
    ['Total bilirubin < 2.0 X Upper Limit of Normal (ULN)', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'lab', analyte: 'bilirubin', op: '<', value: 2, unit: 'xULN' } }]],
    ['Bilirubin >1.5 times the upper limit of the normal range (ULN); aspartate', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'lab', analyte: 'bilirubin', op: '>', value: 1.5, unit: 'xULN' } }]],
    ['Calculated creatinine clearance (CrCl) >=30 mL/min', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'lab', analyte: 'creatinine_clearance', op: '>=', value: 30 } }]],
    ['Creatinine clearance 45 ml/min or higher calculated using the Cockcroft-Gault formula', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'lab', analyte: 'creatinine_clearance', op: '>=', value: 45 } }]],
  ],
  pregnancy: [['Pregnant or breast-feeding women or planning to become pregnant during the study', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'pregnancy' } }]]],
  comorbidity: [
    ['Positive human immunodeficiency virus (HIV), hepatitis B, or hepatitis C laboratory', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'hiv' } }, { polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'hepatitis_b' } }, { polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'hepatitis_c' } }]],
    ['Confirmed or suspected autoimmune disease;', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'autoimmune' } }]],
    ['Symptomatic congestive heart failure', 'exclusion', [{ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'cardiac' } }]],
    ['No other malignancy within the past 5 years except adequately treated basal cell or', 'inclusion', [{ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'other_malignancy' } }]],
  ],
};

describe('eligibility compiler: real sentences per criterion kind', () => {
  for (const [kind, cases] of Object.entries(CASES)) {
    describe(kind, () => {
      it.each(cases)('%s', (sentence, section, expected) => {
        expect(inSharedTrials(sentence)).toBe(true);
        const got = compileItem({ text: sentence, section });
        for (const e of expected) {
          expect(got).toEqual(expect.arrayContaining([expect.objectContaining({ polarity: e.polarity, spec: expect.objectContaining(e.spec) })]));
        }
      });
    });
  }
});

describe('compiled criteria keep their sentence, polarity and confidence; nothing is dropped', () => {
  const text = `Inclusion Criteria:

1. Voluntarily sign the informed consent and follow the requirements of the protocol;
2. Age ≥18 years old;
3. Expected survival time ≥3 months;

Exclusion Criteria:

- Pregnant or breastfeeding women
- Known active CNS metastases`;

  it('splits sections and items', () => {
    const items = splitEligibility(text);
    expect(items.map((i) => i.section)).toEqual(['inclusion', 'inclusion', 'inclusion', 'exclusion', 'exclusion']);
    expect(items[1].text).toBe('Age ≥18 years old;');
  });

  it('keeps uncompilable sentences as free text with confidence 0', () => {
    const c = compileEligibility(text, { idPrefix: 'trial' });
    const consent = c.find((x) => x.source.startsWith('Voluntarily sign'))!;
    expect(consent.spec.kind).toBe('free_text');
    expect(consent.confidence).toBe(0);
    // every item yields at least one criterion
    for (const item of splitEligibility(text)) expect(c.some((x) => x.source === item.text)).toBe(true);
    // ids are unique and local to the trial
    expect(new Set(c.map((x) => x.id)).size).toBe(c.length);
    expect(c.every((x) => x.id.startsWith('trial#'))).toBe(true);
    const brain = c.find((x) => x.spec.kind === 'brain_metastases')!;
    expect(brain.polarity).toBe('exclusion');
    expect(brain.spec).toMatchObject({ condition: 'untreated' });
    expect(brain.confidence).toBeGreaterThan(0.5);
  });

  it('reads PDQ-style sub-headings ("Age" / "- 18 and over")', () => {
    const pdq = 'PATIENT CHARACTERISTICS:\n\nAge\n\n  -  18 and over\n\nPerformance status\n\n  -  WHO 0-2\n';
    const c = compileEligibility(pdq, { idPrefix: 'trial' });
    expect(c.find((x) => x.spec.kind === 'age')?.spec).toMatchObject({ min: 18 });
    expect(c.find((x) => x.spec.kind === 'ecog')?.spec).toMatchObject({ max: 2 });
  });

  it('does not read durations as ages', () => {
    expect(inSharedTrials('Other malignancies, unless followed for ≥ 5 years with no sign of disease')).toBe(true);
    const c = compileItem({ text: 'Other malignancies, unless followed for ≥ 5 years with no sign of disease, except', section: 'exclusion' });
    expect(c.some((x) => x.spec.kind === 'age')).toBe(false);
  });

  it('TMB thresholds (CTML tmb_numerical is tested with the CTML cases; text form here)', () => {
    // constructed: the shared text trials contain no TMB threshold sentence
    expect(compileItem({ text: 'TMB ≥ 10 mutations/Mb by FoundationOne CDx', section: 'inclusion' })[0].spec).toEqual({ kind: 'tmb', op: '>=', value: 10 });
    expect(compileItem({ text: 'MSI-H or dMMR solid tumors', section: 'inclusion' }).map((c) => c.spec.kind).sort()).toEqual(['mmr', 'msi']);
  });
});
