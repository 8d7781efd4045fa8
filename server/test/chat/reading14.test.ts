/**
 * Session 14's general mechanisms, each with a record and phrasings of our own (not a bench question's):
 * - a short criterion that states a limit ("BMI ≥19") is a criterion, however short;
 * - a record's detailed description and its arms' descriptions (doses, schedules, endpoints) are sources; a dose asked of
 *   the trial in focus is the record's, while dosing advice for a person stays declined;
 * - a question for a trial's countries lists every country of its sites;
 * - "still open for enrolment", "sigue abierto" ask the status, answered beside the sponsor when both are asked;
 * - "what is it combined with" asks for the arms; "why was it terminated" gets the status and that the record does not say why;
 * - tumour types, histologies and subtypes are answered with the criteria sentences that name the diseases;
 * - a kidney function cut-off finds a GFR criterion; a prior immunotherapy finds "PD-1 inhibitors"; an mTOR inhibitor
 *   drug finds the class; "anti-coagulants" is "anticoagulants"; "RAS nativo" is wild type; "1 to 4" is a limit;
 *   "cohort 3" finds the line of cohort 3; "informed consent" is neither a report nor an allowance;
 * - a long quoted criterion whose sentences are glued ("function:Preoperative") is quoted from the sentence that answers.
 */
import type { Trial } from '@oncodesk/shared/contracts';
import { answerQuestion } from '../../src/chat/engine';
import { trial } from '../trials/helpers';
import { catalogueSources } from './catalogueSources';

const site = (name: string, city: string, country: string, countryCode: string) => ({
  name,
  address: { city, country, countryCode },
  status: 'recruiting' as const,
});

const basket: Trial = {
  ...trial(
    'NCT00000401',
    [
      'Inclusion Criteria:',
      '',
      '1. Age 18 or older',
      '2. BMI ≥19',
      '3. Patients with HER3-expressing advanced solid tumours, including gastric adenocarcinoma, cholangiocarcinoma and urothelial carcinoma.',
      '4. Estimated GFR ≥ 45 mL/min by CKD-EPI',
      '5. Disease progression after prior anti-PD-1 antibody therapy',
      '6. Patients with 1 to 4 metastases in total, none larger than 5 cm',
      '7. Patients with brain metastases are allowed when treated and stable',
      '8. Cohort 1: participants never treated for metastatic disease',
      '9. Cohort 2: participants treated with one prior line for metastatic disease',
      '10. Cohort 3: participants whose disease progressed within 6 months of adjuvant capecitabine',
      '11. Signed informed consent before any study procedure',
      '12. Adequate cardiac and respiratory function as judged before surgery by the study team and by the local cardiology and pneumology services of the site:Screening echocardiography must show no valvular disease of clinical relevance, no arrhythmia requiring treatment and no history of myocardial infarction in the last year, and the left ventricle must pump well (LVEF ≥ 50%), measured by a cardiologist.Screening spirometry must show FEV1 above 1 L.',
      '',
      'Exclusion Criteria:',
      '',
      '1. Sarcomatoid, neuroendocrine or small cell histologies are not eligible.',
      '2. Prior treatment with an mTOR inhibitor',
      '3. Patients on anti-coagulants at full dose',
      '4. KRAS mutant tumours of the colon or rectum',
      '5. Gastric cohort: RAS wild type tumour required',
      '6. Prior radiotherapy to the only measurable lesion',
      '7. A second malignancy in the last 3 years, except basal cell carcinoma of the skin or carcinoma in situ of the cervix',
    ].join('\n'),
    { briefTitle: 'A study of drug Z in HER3 tumours', phases: ['2'], conditions: ['Solid Tumor'] },
  ),
  overallStatus: 'terminated',
  sponsor: 'Example Oncology Group',
  description: 'The main endpoint is the objective response rate at 24 weeks. Secondary endpoints include safety.',
  cohorts: [
    {
      id: 'arm1',
      label: 'Drug Z plus radiotherapy',
      description: 'Drug Z 300 mg every 3 weeks, combined with 45Gy/25f radiotherapy to the primary, then drug Z alone.',
      type: 'experimental',
      interventions: ['Drug: Z', 'Radiation: IMRT'],
      open: true,
      criteria: [],
    },
  ],
  interventions: [
    { name: 'Drug Z', type: 'drug', otherNames: [], drugs: [] },
    { name: 'Carboplatin', type: 'drug', otherNames: [], drugs: ['carboplatin'] },
  ],
  sites: [site('Hospital A', 'Madrid', 'Spain', 'ES'), site('Hospital B', 'Milan', 'Italy', 'IT'), site('Hospital C', 'Seoul', 'Korea, Republic of', 'KR')],
} as Trial;

const sources = catalogueSources([basket]);

const ask = async (q: string, lang: 'en' | 'es' | 'it', focus?: string) => answerQuestion(q, sources(focus), lang);

describe('the record as it is written', () => {
  it.each([
    ['lowest BMI for NCT00000401', 'en', /BMI ≥19/],
    ['NCT00000401 IMC mínimo, BMI', 'es', /BMI ≥19/],
    ['what radiotherapy dose does NCT00000401 give', 'en', /45Gy\/25f/],
    ['main endpoint NCT00000401', 'en', /objective response rate/],
    ['NCT00000401 filtrato glomerulare minimo', 'it', /GFR ≥ 45/],
    ['kidney function cut-off in NCT00000401', 'en', /GFR ≥ 45/],
    ['does NCT00000401 require earlier immunotherapy', 'en', /anti-PD-1 antibody/],
    ['cuántas metástasis puede tener un paciente del NCT00000401', 'es', /^- \[2\] Patients with 1 to 4 metastases/m],
    ['which patients go into cohort 3 of NCT00000401', 'en', /^- \[2\] Cohort 3: participants whose disease progressed/m],
    ['NCT00000401 pacientes con anticoagulantes', 'es', /anti-coagulants/],
    ['NCT00000401 ¿RAS nativo necesario?', 'es', /^- \[2\] ✕ Gastric cohort: RAS wild type/m],
    ['minimum LVEF NCT00000401', 'en', /LVEF ≥ 50%/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
    expect(a.citations.some((c) => c.trialId === basket.id)).toBe(true);
  });

  it('a drug the record names by its class is found by the class ("ya recibió everolimus")', async () => {
    const a = await ask('y si ya recibió everolimus', 'es', basket.id);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/mTOR inhibitor/);
  });

  it('"informed consent" is no allowance: "prior radiotherapy ok?" is answered by the radiotherapy criterion', async () => {
    const a = await ask('prior radiotherapy ok?', 'en', basket.id);
    expect(a.content).toMatch(/Prior radiotherapy to the only measurable lesion/);
    expect(a.content).not.toMatch(/informed consent/);
  });
});

describe('a dose asked of the trial in focus', () => {
  it.each(['what rt dose', 'and the radiotherapy dose?'])('%s', async (q) => {
    const a = await ask(q, 'en', basket.id);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/45Gy\/25f/);
  });

  it.each(['what dose of drug Z should I give her', 'dose of carboplatin for my patient with a GFR of 30'])('still declines dosing advice: %s', async (q) => {
    const a = await ask(q, 'en', basket.id);
    expect(a.declined).toBe(true);
  });
});

describe('short facts of a trial', () => {
  it.each([
    ['in which countries does NCT00000401 run', 'en', /Countries of the sites of NCT00000401: Spain \(1\), Italy \(1\), Korea, Republic of \(1\)/],
    ['países del NCT00000401', 'es', /Países de los centros de NCT00000401: .*Korea/],
    ['NCT00000401 still open for enrolment?', 'en', /status: terminated/],
    ['¿quién patrocina el NCT00000401 y sigue abierto?', 'es', /interrumpido[\s\S]*Example Oncology Group/],
    ['why was NCT00000401 terminated', 'en', /terminated[\s\S]*not why it stopped/],
    ['¿por qué se paró el NCT00000401?', 'es', /no por qué se detuvo/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
  });

  it('"what is it combined with" asks for the arms, with what each arm gives', async () => {
    const a = await ask('and what is it combined with', 'en', basket.id);
    expect(a.content).toMatch(/Carboplatin/);
    expect(a.content).toMatch(/45Gy\/25f radiotherapy/);
  });
});

describe('a histology the record does not write', () => {
  it.each([
    ['does NCT00000401 accept serous ovarian tumours', 'en'],
    ['¿el NCT00000401 admite carcinoma seroso?', 'es'],
  ] as const)('%s: the diseases it takes, not another sentence', async (q, lang) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/gastric adenocarcinoma, cholangiocarcinoma and urothelial carcinoma/);
    expect(a.content).not.toMatch(/second malignancy/);
  });
});

describe('the diseases of a basket trial', () => {
  it.each([
    ['which tumour types does NCT00000401 take', 'en', /gastric adenocarcinoma, cholangiocarcinoma and urothelial carcinoma/],
    ['qué tipos de tumor entran en el NCT00000401', 'es', /cholangiocarcinoma/],
    ['NCT00000401 istologie escluse', 'it', /Sarcomatoid, neuroendocrine or small cell histologies/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
    expect(a.content).toMatch(/Solid Tumor/);
  });

  it('the excluded histologies are not answered with the included ones', async () => {
    const a = await ask('histologies excluded from NCT00000401', 'en');
    expect(a.content).toMatch(/Sarcomatoid/);
    expect(a.content).not.toMatch(/gastric adenocarcinoma/);
  });
});
