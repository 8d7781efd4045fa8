import { compileEligibility, compileItem, splitEligibility, splitSentences } from '../../src/trials/compiler';
import type { CriterionSpec } from '@oncodesk/shared/contracts';
import { inSharedTrials } from './helpers';

type Case = [sentence: string, section: 'inclusion' | 'exclusion', expected: Array<{ polarity: 'inclusion' | 'exclusion'; spec: Partial<CriterionSpec> }>];

/** Real sentences from the shared trial files (checked below), one block per criterion kind. */
const CASES: Record<string, Case[]> = {
  age: [
    ['Age ≥18 years old;', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Must be 18 years of age or above.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Age > 18 years.', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 19 } }]],
    ['Subjects must be 18 years of age', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Age over or equal 18 years', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
    ['Over the age of 18 years and able to provide informed consent', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 19 } }]],
    ['Adult men and women', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'age', min: 18 } }]],
  ],
  sex: [
    ['must be female', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'sex', sex: 'female' } }]],
    ['Postmenopausal women with histologically or cytologically confirmed locally advanced', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'sex', sex: 'female' } }]],
    // a condition on part of the population, not a restriction
    ['Women of child-bearing potential and men must agree to use adequate contraception', 'inclusion', [{ polarity: 'inclusion', spec: { kind: 'administrative', topic: 'contraception' } }]],
    ['Female subjects who are lactating should discontinue nursing prior to', 'inclusion', [{ polarity: 'exclusion', spec: { kind: 'pregnancy' } }]],
  ],
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

  it('keeps uncompilable sentences as free text with confidence 0, and reads consent as administrative', () => {
    const c = compileEligibility(text, { idPrefix: 'trial' });
    const consent = c.find((x) => x.source.startsWith('Voluntarily sign'))!;
    expect(consent.spec).toEqual({ kind: 'administrative', topic: 'consent' });
    const unread = compileEligibility('Inclusion Criteria:\n- Subject has singleton gestation', { idPrefix: 'trial' });
    expect(unread.map((x) => [x.spec.kind, x.confidence])).toEqual([['free_text', 0]]);
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

  it('does not cut a sentence after an abbreviation ("e.g.", "i.e.", "vs.")', () => {
    const sentence = 'Prior targeted therapy (e.g. EGFR antibodies or EGFR inhibitors)'; // NCT00707655
    expect(inSharedTrials(sentence)).toBe(true);
    expect(splitSentences(sentence)).toEqual([sentence]);
    expect(splitSentences('Two groups (i.e. Placebo and Vivitrol) were compared. Then A.')).toEqual(['Two groups (i.e. Placebo and Vivitrol) were compared.', 'Then A.']);
    expect(splitSentences('No prior anti-EGFR antibody. No prior EGFR TKI.')).toEqual(['No prior anti-EGFR antibody.', 'No prior EGFR TKI.']);
    // one criterion, excluding both classes the example names
    const prior = compileEligibility(`Exclusion Criteria:\n\n          3. ${sentence}\n`, { idPrefix: 't' });
    expect(prior).toHaveLength(1);
    expect(prior[0]).toMatchObject({ polarity: 'exclusion', source: sentence });
    expect(prior[0].spec).toMatchObject({ kind: 'prior_therapy' });
    expect([...(prior[0].spec as { classes: string[] }).classes].sort()).toEqual(['anti_egfr_antibody', 'egfr_tki']);
  });

  it('TMB thresholds (CTML tmb_numerical is tested with the CTML cases; text form here)', () => {
    // constructed: the shared text trials contain no TMB threshold sentence
    expect(compileItem({ text: 'TMB ≥ 10 mutations/Mb by FoundationOne CDx', section: 'inclusion' })[0].spec).toEqual({ kind: 'tmb', op: '>=', value: 10 });
    expect(compileItem({ text: 'MSI-H or dMMR solid tumors', section: 'inclusion' }).map((c) => c.spec.kind).sort()).toEqual(['mmr', 'msi']);
  });
});

describe('sex restrictions', () => {
  it('disease names and conditions are not population statements ("Adult T-cell leukemia/lymphoma", "Women who have had tubal ligation")', () => {
    for (const [sentence, kind] of [['Adult T-cell leukemia/lymphoma (ATLL), lymphomatous subtype', 'age'], ['Adults of reproductive potential must agree to use effective contraception or be sterile', 'age'], ['Women who have had tubal ligation', 'sex']] as const) {
      expect(inSharedTrials(sentence)).toBe(true);
      expect(compileItem({ text: sentence, section: 'inclusion' }).some((c) => c.spec.kind === kind)).toBe(false);
    }
  });
  it('a sentence naming both sexes restricts neither', () => {
    const sentence = 'Post-menopausal female (defined as the absence of a menstrual cycle for at least 12 consecutive months) or male subjects ≥ 18 years of age.';
    expect(inSharedTrials('Post-menopausal female (defined as the absence of a menstrual cycle for at least 12 consecutive months)')).toBe(true);
    expect(compileItem({ text: sentence, section: 'inclusion' }).some((c) => c.spec.kind === 'sex')).toBe(false);
  });
  it('conditions on part of the population are not sex restrictions', () => {
    for (const sentence of ['Female subjects who are lactating should discontinue nursing prior to', 'Women of child-bearing potential and men must agree to use adequate contraception', 'or male subjects ≥ 18 years of age.']) {
      expect(inSharedTrials(sentence)).toBe(true);
      expect(compileItem({ text: sentence, section: 'inclusion' }).some((c) => c.spec.kind === 'sex')).toBe(false);
    }
  });
});

describe('alternatives across items', () => {
  it('an item ending in "or" and the next one are alternatives: neither decides alone', () => {
    const text = 'Inclusion Criteria:\n- Confirmed acute myeloid leukemia, high risk AML defined as:\n- Age > 60, or\n- Presence of complex cytogenetic abnormalities (with > 3 cytogenetic abnormalities)\n- ECOG performance status 0-2';
    expect(inSharedTrials('Age > 60, or - Presence of complex cytogenetic abnormalities')).toBe(true);
    const out = compileEligibility(text, { idPrefix: 't' });
    const age = out.find((c) => c.spec.kind === 'age');
    const next = out.filter((c) => c.source.startsWith('Presence of complex'));
    expect(age?.confidence).toBeLessThanOrEqual(0.5);
    expect(next.length).toBeGreaterThan(0);
    for (const c of next) expect(c.confidence).toBeLessThanOrEqual(0.5);
    expect(out.find((c) => c.spec.kind === 'ecog')?.confidence).toBeGreaterThanOrEqual(0.6);
  });
});

describe('testing requirements are not alteration requirements', () => {
  it.each([
    'Must have undergone biopsy after development of acquired resistance to erlotinib (which is performed as standard of care) with adequate tissue to determine EGFR T790M and tumor histology.',
    'Patients must have their tumor tissue screened for KRAS mutation',
    'results of epidermal growth factor receptor (EGFR)-activating mutation testing.',
  ])('%s', (sentence) => {
    expect(inSharedTrials(sentence)).toBe(true);
    expect(compileItem({ text: sentence, section: 'inclusion' }).filter((c) => c.spec.kind === 'alteration')).toEqual([]);
  });
  it('the disease a prior therapy was given for is not a requirement: "prior cytotoxic chemotherapy for ALK-positive NSCLC"', () => {
    const sentence = 'Receipt of any prior cytotoxic chemotherapy for ALK-positive NSCLC within 4 weeks prior to the first dose of study drug';
    expect(inSharedTrials(sentence)).toBe(true);
    expect(compileItem({ text: sentence, section: 'exclusion' }).filter((c) => c.spec.kind === 'alteration')).toEqual([]);
  });
  it('a cohort\'s own population ("Part B1 Patients with ...") does not decide alone', () => {
    const sentence = 'Part B1 Patients with histologically or cytologically confirmed advanced ER+ve, HER2-ve breast cancer with a PIK3CA mutation confirmed by an accredite';
    expect(inSharedTrials(sentence)).toBe(true);
    const out = compileItem({ text: sentence, section: 'inclusion' });
    expect(out.some((c) => c.spec.kind === 'diagnosis')).toBe(true);
    for (const c of out) expect(c.confidence).toBeLessThanOrEqual(0.5);
  });
  it('"either mutation or amplification of c-KIT" accepts both', () => {
    const sentence = 'Patient must have either mutation or amplification of c-KIT gene tested by commercially available molecular or gene sequencing technique';
    expect(inSharedTrials(sentence)).toBe(true);
    expect(compileItem({ text: sentence, section: 'inclusion' }).filter((c) => c.spec.kind === 'alteration').map((c) => c.spec)).toEqual([expect.objectContaining({ gene: 'KIT', category: 'any' })]);
  });
  it('the cancers allowed by an "other malignancy" exclusion are not the trial\'s diagnosis', () => {
    const sentence = 'Prior or concurrent malignancy except basal cell or squamous cell skin cancer, cervical cancer, or any other curatively treated malignancy';
    expect(inSharedTrials(sentence)).toBe(true);
    for (const section of ['inclusion', 'exclusion'] as const) {
      const out = compileItem({ text: sentence, section });
      expect(out.some((c) => c.spec.kind === 'diagnosis')).toBe(false);
      expect(out).toEqual(expect.arrayContaining([expect.objectContaining({ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'other_malignancy' } })]));
    }
  });
  it('a stated requirement in the same form still is one', () => {
    expect(compileItem({ text: 'a documented T790M EGFR mutation', section: 'inclusion' }).some((c) => c.spec.kind === 'alteration')).toBe(true);
  });
});

describe('ALK-positive disease', () => {
  it('"ALK-positive as assessed by ... IHC" is an ALK rearrangement (IHC is a validated test for it)', () => {
    const sentence = 'NSCLC that is ALK-positive as assessed by the Ventana immunohistochemistry (IHC) test';
    expect(inSharedTrials(sentence)).toBe(true);
    expect(compileItem({ text: sentence, section: 'inclusion' }).filter((c) => c.spec.kind === 'alteration').map((c) => c.spec)).toEqual([expect.objectContaining({ gene: 'ALK', category: 'fusion' })]);
  });
  it('"a malignant disease other than an ALK-positive ... tumor" does not exclude ALK-positive patients', () => {
    const sentence = 'Presence or history of a malignant disease other than an ALK-positive advanced tumor that has been diagnosed and/or required therapy within the past 3 years.';
    expect(inSharedTrials(sentence)).toBe(true);
    expect(compileItem({ text: sentence, section: 'exclusion' }).filter((c) => c.spec.kind === 'alteration')).toEqual([]);
  });
});

describe('elliptical disease lists', () => {
  it('"advanced breast, gastric, head and neck, liver and non-small cell lung cancer" names five diseases', () => {
    const sentence = 'Subjects with histopathologically confirmed diagnosis of advanced breast, gastric, head and neck, liver and non-small cell lung cancer.';
    expect(inSharedTrials(sentence)).toBe(true);
    const dx = compileItem({ text: sentence, section: 'inclusion' }).find((c) => c.spec.kind === 'diagnosis');
    expect(dx?.spec).toEqual(expect.objectContaining({ codes: expect.arrayContaining(['NSCLC', 'BREAST', 'STOMACH', 'HEAD_NECK', 'LIVER']) }));
  });
});
