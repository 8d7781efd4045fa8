/**
 * How the assistant reads what session 10 taught it, each mechanism general and asked here with questions of our own
 * about catalogue trials (their ids, titles and criteria as the catalogue's records write them, a few lines each; none of
 * them is a trial of the bench's question sets): drugs as clinicians shorten them, blood pressure however named,
 * radiation and radiotherapy as one, a response written "CR or PR", a checkpoint inhibitor written "CPI" or "IO", a
 * gene's wild type, a T category alone, a time window asked as a time passed since a treatment ended, liver-directed
 * treatments as "locoregional", a word read without its prefix ("nonsmokers"), a source's organ word kept beside its
 * test ("renal impairment"), a trial called by what it is, and a long criterion quoted where it holds the question's
 * words most. Every answer cites the record it quotes.
 */
import { PatientData, type Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { trial } from '../trials/helpers';

const criteria = (inclusion: string[], exclusion: string[] = []) =>
  ['Inclusion Criteria:', ...inclusion.map((l) => `- ${l}`), ...(exclusion.length ? ['Exclusion Criteria:', ...exclusion.map((l) => `- ${l}`)] : [])].join(
    '\n',
  );

const T = [
  trial(
    'NCT05779423',
    criteria([
      'Adult patients (age > 18) with unresectable melanoma who have progressed on immune checkpoint inhibitor therapy (pembrolizumab, nivolumab, nivolumab-relatimab, atezolizumab, ipilimumab) and for whom their treating physician plans to initiate dual ICI with ipilimumab and nivolumab.',
      'Patients are medically eligible for dual checkpoint inhibition with ipilimumab 3mg/kg and nivolumab 1mg/kg',
      'Must have a tumor amenable to percutaneous image-guided cryoablation based on routine Interventional Radiology criteria.',
      'Patients must have measurable melanoma disease (by RECIST) independent of the lesion to be ablated by cryoablation.',
      'Prior radiation therapy to any site is allowed; with an exception of the target site for planned cryoablation',
      'Life expectancy of greater than 3 months',
      'CrCL > 30 ml/min',
    ]),
    {
      briefTitle: 'Cryoablation+Ipilimumab+Nivolumab in Melanoma',
      conditions: ['Metastatic Melanoma', 'Skin Cancer'],
      interventions: [
        { type: 'drug', name: 'Ipilimumab', otherNames: [], drugs: ['ipilimumab'] },
        { type: 'drug', name: 'Nivolumab', otherNames: [], drugs: ['nivolumab'] },
        { type: 'procedure', name: 'Cryoablation', otherNames: [], drugs: [] },
      ],
    },
  ),
  trial(
    'NCT06359860',
    criteria(
      [
        'Life expectancy of three months or more',
        'Histologically or cytologically confirmed unresectable or metastatic stage III or IV acral melanoma that was progressed with conventional therapy',
        'Eastern Cooperative Oncology Group performance status (PS) ≤ 1',
      ],
      [
        'A history of antitumor therapy within 4 weeks, including chemotherapy, radiotherapy, biotherapy, endocrine therapy or immunotherapy, etc.',
        'Uncontrolled hypertension (blood pressure≥140/90 mmHg even with antihypertensive therapy)',
      ],
    ),
    { briefTitle: 'A Study of ST-1898 for Unresectable or Metastatic Melanoma', conditions: ['Unresectable or Metastatic Melanoma'] },
  ),
  trial(
    'NCT06270706',
    criteria([
      'Have received ≥12 weeks of continuous anti-PD-1 or anti-PD-L1 treatment administered as monotherapy or in combination with other anticancer therapies',
      'Have demonstrated documented prior clinical benefit, defined as CR or PR at any time during treatment, or SD lasting ≥6 months (Part 2 only)',
      'At least 1 measurable lesion, as defined by RECIST v1.1',
    ]),
    { briefTitle: 'A Phase 1 Study of PLN-101095 in Adults With Advanced or Metastatic Solid Tumors' },
  ),
  trial(
    'NCT04045691',
    criteria(
      [
        'Unresectable advanced or metastatic malignant melanoma with BRAF V600 mutation;',
        'Treatment-naive or after one prior line of checkpoint inhibitor treatment (anti-CTLA4 and/or anti-PD(L)1) in the unresectable advanced or metastatic setting.',
      ],
      ['Any previous chemotherapeutic treatment of the melanoma disease;'],
    ),
    { briefTitle: 'Binimetinib Plus Encorafenib Real Life Investigation of Next Generation Melanoma Treatment' },
  ),
  trial(
    'NCT06382129',
    criteria(
      ['Patients with histologically or cytologically confirmed locally advanced or metastatic EGFR wild-type non-small cell lung cancer;', 'ECOG 0 or 1;'],
      ['Patients with EGFR L858R mutation, EGFR 19DEL mutation or EGFR T790M positive;'],
    ),
    { briefTitle: 'A Study Comparing BL-B01D1 With Docetaxel in Patients With Unresectable Locally Advanced or Metastatic Non-small Cell Lung Cancer' },
  ),
  trial(
    'NCT03701581',
    criteria(
      [
        'Male patients with organ-confined, non-metastatic prostate cancer (stages cT1c-T2c), planning to undergo Robotic-Assisted Laparoscopic Bilateral Nerve Sparing Radical Prostatectomy (NSRP)',
        'Ages 45-75',
      ],
      [
        'Renal impairment based on calculated GFR (GFR<60 mL/min)',
        'History of seizures, multiple sclerosis, stroke or any other diagnosed neurological disorder',
      ],
    ),
    { briefTitle: '4-aminopyridine Treatment for Nerve Injury', conditions: ['Nerve Injury', 'Prostate Cancer'] },
  ),
  trial(
    'NCT04693377',
    criteria(
      ['The target lesion must be =< 7cm', 'Life expectancy >= 3 months'],
      ['Prior locoregional therapy to target lesion, including ablation of any modality, embolization, radiation, or surgery'],
    ),
    { briefTitle: 'Cryoablation Combined With Stereotactic Body Radiation Therapy for the Treatment of Painful Bone Metastases, the CROME Trial' },
  ),
  trial(
    'NCT07527221',
    criteria([
      'Adult males and females, 18 to 55 years of age (inclusive) at Screening.',
      'Participants must be nonsmokers (including tobacco, nicotine replacement therapy, e-cigarettes and marijuana) for at least 3 months prior to the dose of study drug',
    ]),
    { briefTitle: 'Safety and Tolerability of ZE74-0282 in Healthy Volunteers', conditions: ['Healthy Volunteers'] },
  ),
  trial(
    'NCT03860883',
    criteria([
      'Patients must have a Stage II primary invasive cutaneous melanoma (pT2b-pT4b, AJCC 8th edition) with Breslow thickness >1.0mm to 2.0mm',
      'Patients must be 18 years or older at time of consent.',
    ]),
    { briefTitle: 'Melanoma Margins Trial-II: 1cm v 2cm Wide Surgical Excision Margins for AJCC Stage II Primary Cutaneous Melanoma' },
  ),
];
const TRIALS = new Map<string, Trial>(T.map((t) => [t.id, t]));

function sources(context: Focus = {}): ChatSources {
  return {
    patient: null,
    context,
    search: async () => null,
    trial: (id: string) => TRIALS.get(id),
    catalogue: () => [...TRIALS.values()],
    match: async () => null,
    recommendations: async () => null,
    documents: async () => [],
  } as unknown as ChatSources;
}
const cites = (a: { citations: Array<{ id: string; trialId?: string }> }, id: string) => a.citations.some((c) => c.id === id || c.trialId === id);
/** The quoted lines of a retrieved answer. */
const quotes = (content: string) => content.split('\n').filter((l) => /^- \[\d+\]/.test(l));

describe('a trial record read as the question puts it (session 10)', () => {
  it.each([
    // a drug as clinicians shorten it is its generic name ("atezo", "pembro")
    ['drug shorthand', '¿el NCT05779423 acepta tratados con nivo?', 'es', 'NCT05779423', /progressed on immune checkpoint inhibitor therapy/],
    // blood pressure however named: "pressione arteriosa", "tensión arterial", "BP"
    ['blood pressure (it)', 'NCT06359860 pressione arteriosa massima?', 'it', 'NCT06359860', /blood pressure≥140\/90 mmHg/],
    ['blood pressure (es)', '¿qué tensión arterial admite el NCT06359860?', 'es', 'NCT06359860', /blood pressure≥140\/90 mmHg/],
    // radiation is radiotherapy
    ['radiation', 'NCT05779423 e la radioterapia?', 'it', 'NCT05779423', /Prior radiation therapy to any site is allowed/],
    // a response to treatment as the record writes it ("CR or PR")
    ['response', 'NCT06270706 che risposta serve?', 'en', 'NCT06270706', /defined as CR or PR/],
    // a checkpoint inhibitor as clinicians shorten it ("IO")
    ['IO', 'NCT04045691 ammessi pazienti già trattati con IO?', 'it', 'NCT04045691', /prior line of checkpoint inhibitor treatment/],
    // a gene's wild type however said ("no mutado")
    ['wild type', '¿el NCT06382129 es para EGFR no mutado?', 'es', 'NCT06382129', /EGFR wild-type non-small cell/],
    // a T category alone ("pT2b-pT4b"), asked as "what T"
    ['T category', '¿qué T admite el NCT03860883?', 'es', 'NCT03860883', /pT2b-pT4b/],
    // a time window asked as a time passed since a treatment ended
    [
      'time window',
      '¿cuánto tiempo tiene que haber pasado desde el fin de la quimio en el NCT06359860?',
      'es',
      'NCT06359860',
      /antitumor therapy within 4 weeks/,
    ],
    // treatments of a tumour in place (TACE, ablation) are what records call locoregional
    ['locoregional', 'NCT04693377: TACE ok?', 'en', 'NCT04693377', /Prior locoregional therapy/],
    // a word read without its prefix ("nonsmokers" is about smokers), and tobacco as smoking
    ['prefix', 'il NCT07527221 accetta fumatori?', 'it', 'NCT07527221', /must be nonsmokers/],
    // a source keeps its organ word beside the test it is read as ("renal impairment … GFR")
    ['organ word', 'renal cutoff NCT03701581', 'en', 'NCT03701581', /Renal impairment based on calculated GFR/],
  ] as const)('%s: %s', async (_mechanism, q, lang, id, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(quotes(a.content)[0]).toMatch(says);
    expect(cites(a, id)).toBe(true);
  });

  // a trial called by what it is ("the cryoablation ipilimumab nivolumab melanoma study") is ranked on what is asked of it: the
  // criterion on life expectancy first, before the sentences that only name what the trial is
  it('a trial called by what it is', async () => {
    const a = await answerQuestion('life expectancy for the cryoablation ipilimumab nivolumab melanoma study NCT05779423', sources(), 'en');
    expect(quotes(a.content)[0]).toMatch(/Life expectancy of greater than 3 months/);
    expect(cites(a, 'NCT05779423')).toBe(true);
  });
});

/** A patient whose record names a GnRH analogue by its brand, with an aromatase inhibitor. */
const premenopausal = PatientData.parse({ oncotreeCode: 'IDC', age: 41, priorTreatments: [{ name: 'Zoladex' }, { name: 'letrozole' }] });
const withPatient = (): ChatSources =>
  ({
    ...sources(),
    patient: { id: 'p10', name: 'Breast', focusArea: 'breast', data: premenopausal },
    search: async () => ({ searchKey: 'k', createdAt: '2026-01-01T00:00:00Z', results: [] }),
  }) as unknown as ChatSources;

describe('a treatment named by what it does', () => {
  it.each([
    ['has she had ovarian function suppression?', 'en'],
    ['¿ya recibió supresión ovárica?', 'es'],
    ['ha già fatto la soppressione ovarica?', 'it'],
  ] as const)('%s: the GnRH analogue of her record, with its generic name, cited to her', async (q, lang) => {
    const a = await answerQuestion(q, withPatient(), lang);
    expect(a.content).toMatch(/Zoladex \(goserelin\)/);
    expect(a.content).not.toMatch(/letrozole/);
    expect(a.citations.some((c) => c.kind === 'patient')).toBe(true);
  });
});
