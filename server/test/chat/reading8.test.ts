/**
 * How the assistant reads what session 8 taught it (each mechanism general, its questions written here, not the
 * bench's): limits however written, abbreviations the record defines, inhibitors written by their target, a name
 * joined to its number, Greek spellings, one family for "metastatic"/"metastases", everyday words that are not what
 * a question asks, a criterion quoted beside a title, the catalogue's trials that use a drug asked with no patient,
 * a trial's sites from a city the question names, a follow-up that asks what the trial in focus requires, and a
 * question that names a treatment. Every answer cites the record it quotes.
 */
import { PatientData, type ChatMessage, type FindTreatmentResponse, type Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, focusOf, parseQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { countryIn } from '../../src/chat/engine/country';
import { terms } from '../../src/chat/engine/retrieval';
import { englishSpellings } from '../../src/language/romanceSpelling';
import { trial } from '../trials/helpers';

const site = (name: string, city: string, country: string, countryCode: string) =>
  ({ name, status: 'recruiting', address: { city, country, countryCode } }) as unknown as Trial['sites'][number];

const brain = trial(
  'NCT09100001',
  [
    'Inclusion Criteria:',
    '- Single BM (maximum diameter of 3 cm) on MRI before surgery',
    '- PD-L1 tumor proportion score (TPS) < 50%, tested locally',
    '- Creatinine clearance >= 60 mL/min',
    '- Total number of oligometastases of 1-5',
    '- All participants in Phase 2 must have documented progression on PARPi.',
    '- Primary tumor removed by nephrectomy or nephron-sparing surgery',
    '- Tumors must be classified using the Blueprint and Mammaprint tests',
    '- Life expectancy > 24 weeks',
    'Exclusion Criteria:',
    '- Prior anti-PD-L1 therapy',
    '- Creatinine above the upper limit of normal in the last week',
    '- Known distant metastasis at enrollment',
    '- Use of other adenovirus vector medications, including COVID-19 vaccines, within 2 weeks',
  ].join('\n'),
  {
    briefTitle: 'Silibinin After Resection of a Single Brain Metastasis (BM)',
    conditions: ['Brain Metastases'],
    sites: [
      site('Inselspital', 'Bern', 'Switzerland', 'CH'),
      site('Istituto Europeo di Oncologia', 'Milan', 'Italy', 'IT'),
      site('Centre Oscar Lambret', 'Lille', 'France', 'FR'),
    ],
  },
);
// the description says what the criteria define: the summary alone answers "is it for PD-L1 negative?" only by its title
const negative = trial('NCT09100002', ['Inclusion Criteria:', '- Tissue for central PD-L1 testing with TPS < 1%', '- ECOG 0-1'].join('\n'), {
  briefTitle: 'QL1706 With Chemotherapy in PD-L1-Negative Non-small Cell Lung Cancer',
});
const spain = trial('NCT09100003', ['Inclusion Criteria:', '- Age 18 or older'].join('\n'), {
  briefTitle: 'A Study in Spain',
  sites: [
    site('Hospital Regional', 'Málaga', 'Spain', 'ES'),
    site('Hospital La Paz', 'Madrid', 'Spain', 'ES'),
    site('Hospital del Mar', 'Barcelona', 'Spain', 'ES'),
  ],
});
const withInterventions = (id: string, title: string, interventions: Array<{ name: string; otherNames?: string[] }>) =>
  trial(id, 'Inclusion Criteria:\n- Adults', {
    briefTitle: title,
    interventions: interventions.map((i) => ({ type: 'drug', drugs: [], otherNames: [], ...i })) as never,
  });
const CATALOGUE = [
  brain,
  negative,
  spain,
  withInterventions('NCT09100004', 'Tusamitamab Ravtansine in Lung Cancer', [{ name: 'Tusamitamab ravtansine', otherNames: ['SAR408701'] }]),
  withInterventions('NCT09100005', 'Holmium Radioembolization of Liver Metastases', [{ name: 'QuiremSpheres', otherNames: ['166Holmium microspheres'] }]),
  withInterventions('NCT09100006', 'PF-07799933 With Binimetinib', [{ name: 'PF-07799933' }, { name: 'binimetinib' }]),
  ...Array.from({ length: 10 }, (_, i) => withInterventions(`NCT0910010${i}`, `Placebo-controlled study ${i}`, [{ name: 'Placebo' }])),
];
const TRIALS = new Map(CATALOGUE.map((t) => [t.id, t]));

function sources(context: Focus = {}, withPatient = false): ChatSources {
  return {
    patient: withPatient ? { id: 'p1', name: 'Lung', focusArea: 'lung' as never, data: PatientData.parse({ oncotreeCode: 'LUAD', age: 60 }) } : null,
    context,
    search: async () => null,
    trial: (id: string) => TRIALS.get(id),
    catalogue: () => CATALOGUE,
    match: async () => null,
    recommendations: async () => null,
    documents: async () => [],
  } as unknown as ChatSources;
}
const cites = (a: { citations: Array<{ id: string; trialId?: string }> }, id: string) => a.citations.some((c) => c.id === id || c.trialId === id);

describe('a trial record read as the question puts it', () => {
  it.each([
    // a limit however written: "cut-off", "mínimo", "massima" read as the record's "<", ">=", "maximum"
    ['cut-off di PD-L1 per entrare nel NCT09100001?', 'it', /^.*\n- \[\d\] PD-L1 tumor proportion score \(TPS\) < 50%/, null],
    ['aclaramiento de creatinina mínimo en el NCT09100001', 'es', /^.*\n- \[\d\] Creatinine clearance >= 60 mL\/min/, null],
    // an abbreviation the record defines ("brain metastasis (BM)" in its title's words) read where it is used alone
    ['NCT09100001: dimensione massima della metastasi cerebrale?', 'it', /maximum diameter of 3 cm/, null],
    // an inhibitor by its target: the Spanish "iPARP" and the record's "PARPi"
    ['¿el NCT09100001 exige haber progresado a un iPARP?', 'es', /progression on PARPi/, null],
    // a name joined to its number: "covid" is "COVID-19"
    ['NCT09100001 - any issue with a recent covid vaccine?', 'en', /COVID-19 vaccines/, null],
    // the Greek "ph" Spanish writes "f"
    ['¿el NCT09100001 exige nefrectomía previa?', 'es', /nephrectomy or nephron-sparing/, null],
    // "metastatici" and "metastasis", "oligometastases" and "metástasis": one family, a prefix of number aside
    ['NCT09100001 accetta pazienti metastatici?', 'it', /distant metastasis/, null],
    ['¿cuántas metástasis como máximo en el NCT09100001?', 'es', /oligometastases of 1-5/, null],
    // "usa" is "uses" here, not the United States; "che" and "usa" are how the question is put
    ['NCT09100001 che test genomico usa?', 'it', /Mammaprint tests/, /Bern|Lille/],
  ] as const)('%s', async (q, lang, says, not) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.content).toMatch(says);
    if (not) expect(a.content).not.toMatch(not);
    expect(cites(a, brain.id)).toBe(true);
  });

  it('a title that answers is quoted with the criterion that defines it', async () => {
    const a = await answerQuestion('¿el NCT09100002 es para PD-L1 negativo?', sources(), 'es');
    expect(a.content).toMatch(/PD-L1-Negative/);
    expect(a.content).toMatch(/TPS < 1%/);
    expect(a.citations.some((c) => c.kind === 'criterion')).toBe(true);
  });

  it('"usa" names the United States only in capitals', () => {
    expect(countryIn('che test usa?')).toBeUndefined();
    expect(countryIn('any sites in the USA?')).toBe('US');
  });

  it('"candidabile" asks whether the patient fits', () => {
    expect(parseQuestion('la paziente è candidabile al NCT09100001?').intent).toBe('why_match');
  });
});

describe('the catalogue’s trials that use a drug, asked with no patient', () => {
  it.each([
    ['which trials use tusamitamab ravtansine', 'en', 'NCT09100004'],
    ['ensayos con PF-07799933', 'es', 'NCT09100006'],
    // Italian "olmio" is holmium; the record writes it with its mass number glued ("166Holmium")
    ['ci sono studi con radioembolizzazione con olmio-166?', 'it', 'NCT09100005'],
  ] as const)('%s', async (q, lang, id) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toContain(id);
    expect(cites(a, id)).toBe(true);
    // only the trials that name it
    expect(a.citations).toHaveLength(1);
  });

  it('a word many interventions share is no name: nothing listed by it', async () => {
    const a = await answerQuestion('which trials use placebo', sources(), 'en');
    expect(a.content).not.toMatch(/NCT0910010\d/);
  });
});

describe('a trial’s sites from a city the question names', () => {
  it('by distance from the city, in the gazetteer (sites without a point placed at their city)', async () => {
    const a = await answerQuestion('closest NCT09100001 site to Lyon', sources(), 'en');
    expect(a.content).toMatch(/nearest to Lyon/);
    // Bern (~240 km) before Milan (~340 km) and Lille (~560 km)
    expect(a.content.indexOf('Bern')).toBeGreaterThan(0);
    expect(a.content.indexOf('Bern')).toBeLessThan(a.content.indexOf('Milan'));
    expect(a.content.indexOf('Milan')).toBeLessThan(a.content.indexOf('Lille'));
    expect(cites(a, brain.id)).toBe(true);
  }, 60_000);

  it('"Granada" (Grenada in Spanish) is the city when the trial runs in Spain and not in Grenada', async () => {
    const a = await answerQuestion('centro más cercano a Granada del NCT09100003', sources(), 'es');
    expect(a.content).toMatch(/más cercanos a Granada/);
    expect(a.content.split('\n')[1]).toMatch(/Málaga/);
  }, 60_000);

  it('a country where the trial has no site is still said so', async () => {
    const a = await answerQuestion('is NCT09100003 open anywhere in Italy', sources(), 'en');
    expect(a.content).toMatch(/lists no site in Italy/);
  }, 60_000);
});

describe('a follow-up on the trial in focus that asks what it requires', () => {
  const focus = () =>
    focusOf({}, [
      { role: 'user', content: 'what does NCT09100001 require', citations: [] },
      { role: 'assistant', content: '…', citations: [{ kind: 'trial', id: brain.id, trialId: brain.id, label: '' }] },
    ] as unknown as ChatMessage[]);

  it('"¿y qué esperanza de vida pide?" is the trial’s criterion, not advice', async () => {
    const a = await answerQuestion('¿y qué esperanza de vida pide?', sources(focus()), 'es');
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/Life expectancy > 24 weeks/);
  });

  it('the patient’s life expectancy is still declined', async () => {
    const a = await answerQuestion('what is her life expectancy', sources({}, true), 'en');
    expect(a.declined).toBe(true);
  });
});

describe('Spanish and Italian spellings (language/romanceSpelling.ts, one table)', () => {
  it.each([
    ['nefrectomia', 'nephrectomia'],
    ['olmio', 'holmium'],
    // forms close enough for a stem's prefix to meet the English one ("hypertension", "hepatitis", "infection")
    ['ipertensione', 'hypertensione'],
    ['epatite', 'hepatite'],
    ['infezione', 'infetion'],
  ])('%s → %s', (word, english) => {
    expect(englishSpellings(word)).toContain(english);
  });
});

describe('British spellings and tumour types', () => {
  it('are read as the American records write them', () => {
    expect(terms('tumour haemoglobin oesophagus anaemia')).toEqual(terms('tumor hemoglobin esophagus anemia'));
  });

  it('"which tumour types does NCT… take" is the record’s conditions', async () => {
    const a = await answerQuestion('which tumour types does NCT09100001 take', sources(), 'en');
    expect(a.content).toMatch(/Brain Metastases/);
    expect(a.content).toMatch(/NCT09100001 · /);
  });
});

describe('a question that names a treatment and a marker', () => {
  const RECS = {
    pack: { name: 'Pack', version: '1', date: '2026-01-01', disclaimer: 'Demonstration only.' },
    considered: 3,
    recommendations: [
      {
        id: 'crc-tuca',
        therapy: 'Trastuzumab + tucatinib',
        drugs: ['trastuzumab', 'tucatinib'],
        rationale: 'HER2-amplified, RAS wild-type metastatic colorectal cancer after chemotherapy.',
        matchedOn: ['ERBB2 amplification'],
        caveats: ['RAS status must be wild-type.'],
        evidence: { category: '2A', level: 'B', source: 'Guideline', citation: 'MOUNTAINEER', date: '2025' },
        supporting: [],
      },
    ],
    notApplicable: [],
    missingData: [],
  } as unknown as FindTreatmentResponse;
  const colon = (): ChatSources =>
    ({
      ...sources(),
      patient: {
        id: 'p2',
        name: 'Colon',
        focusArea: 'colon' as never,
        data: PatientData.parse({ oncotreeCode: 'COAD', age: 58, alterations: [{ gene: 'ERBB2', category: 'amplification' }] }),
      },
      recommendations: async () => RECS,
      search: async () => null,
    }) as unknown as ChatSources;

  it('asks about the treatment (the option), not the marker the patient has', async () => {
    const a = await answerQuestion("trastuzumab + tucatinib for him? he's ERBB2 amplified", colon(), 'en');
    expect(a.citations.some((c) => c.kind === 'guideline' && c.id === 'crc-tuca')).toBe(true);
    expect(a.content).toMatch(/RAS/);
  });

  it('the marker asked alone is still the patient’s', async () => {
    const a = await answerQuestion('is he ERBB2 amplified?', colon(), 'en');
    expect(a.citations.some((c) => c.kind === 'patient')).toBe(true);
    expect(a.citations.some((c) => c.kind === 'guideline')).toBe(false);
  });
});

describe('whether the patient can join: the criteria that decide listed first', () => {
  const result = (i: number, kind: string, status: string, source: string) => ({ criterionId: `c${i}`, kind, polarity: 'inclusion', status, source });
  const results = [
    result(1, 'age', 'match', 'Subjects 18 years of age or older.'),
    result(2, 'sex', 'match', 'Female participants.'),
    result(3, 'ecog', 'match', 'ECOG performance status 0 or 1.'),
    result(4, 'administrative', 'match', 'Signed informed consent.'),
    result(5, 'prior_therapy', 'match', 'Previously progressed on an aromatase inhibitor + a CDK4/6 inhibitor'),
    ...['Absolute neutrophil count', 'Platelets', 'Hemoglobin', 'Bilirubin', 'AST and ALT', 'Creatinine', 'INR', 'Albumin', 'Potassium'].map((x, i) =>
      result(10 + i, 'lab', 'unknown', `${x} within limits`),
    ),
    result(30, 'prior_therapy', 'unknown', 'All participants in Phase 2 must have documented progression on PARPi.'),
  ];
  const withMatch = (): ChatSources =>
    ({
      ...sources({}, true),
      match: async () => ({ trialId: brain.id, verdict: 'unknown', counts: { match: 5, no_match: 0, unknown: 10 }, results }),
    }) as unknown as ChatSources;

  it('the treatments already given before age, ECOG and routine labs, in each list', async () => {
    const a = await answerQuestion('can she join NCT09100001?', withMatch(), 'en');
    expect(a.content).toMatch(/progression on PARPi/);
    expect(a.content).toMatch(/CDK4\/6 inhibitor/);
    // a list keeps the record's order within a rank: the first met line is the treatment, then age
    const met = a.content.split('\n').filter((l) => /^- \[\d+\]/.test(l));
    expect(met.findIndex((l) => /CDK4\/6/.test(l))).toBeLessThan(met.findIndex((l) => /18 years/.test(l)));
  });
});
