/**
 * Session 6 of issue 25's assistant: a question about any clinical attribute of the patient (a laboratory
 * value, renal function, Ki-67, menopausal status…) is answered from the record and the reports, or is
 * "not recorded" with what the record holds — never computed, never invented; "trials near her" ranks the
 * listed trials' sites by distance from the patient; the language of a short question; the wordings that
 * reached the wrong intent; the option in focus.
 */
import { PatientData, type ChatMessage, type MatchedTrial, type ReportDocument, type Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, detectLanguage, focusOf, parseQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { drugsIn } from '../../src/chat/engine/options';
import { trial } from '../trials/helpers';

const site = (name: string, city: string, country: string, lat: number, lon: number, status = 'recruiting') =>
  ({ name, status, address: { city, country }, point: { lat, lon } }) as unknown as Trial['sites'][number];
const milan = trial(
  'NCT00000301',
  'Inclusion Criteria:\n- ECOG 0-1\n- Creatinine clearance ≥ 50 mL/min\n- Total bilirubin ≤ 1.5 × ULN\nExclusion Criteria:\n- Untreated brain metastases',
  {
    briefTitle: 'Study near Milan',
    sites: [site('Istituto Tumori', 'Milano', 'Italy', 45.46, 9.19), site('Closed Centre', 'Monza', 'Italy', 45.58, 9.27, 'closed')],
  },
);
const boston = trial('NCT00000302', 'Inclusion Criteria:\n- Adults', {
  briefTitle: 'Study in Boston',
  sites: [site('Dana-Farber', 'Boston', 'United States', 42.34, -71.1)],
});
const turin = trial('NCT00000303', 'Inclusion Criteria:\n- Adults', {
  briefTitle: 'Study in Turin',
  phases: ['3'],
  sites: [site('Candiolo', 'Torino', 'Italy', 45.07, 7.68)],
});
const TRIALS = new Map([milan, boston, turin].map((t) => [t.id, t]));
const listed = [...TRIALS.values()].map((t) => ({ trial: t, match: { verdict: 'unknown', results: [] } }) as unknown as MatchedTrial);

const labsReport = (lines: Array<[string, string?]>) =>
  [
    {
      id: 'd1',
      name: 'labs.csv',
      status: 'done',
      findings: lines.map(([text, analyte], i) => ({ id: `f${i}`, status: 'accepted', ...(analyte ? { analyte } : {}), source: { text, page: 1 } })),
    },
  ] as unknown as ReportDocument[];

function sources(data: Partial<PatientData>, opts: { docs?: ReportDocument[]; context?: Focus } = {}): ChatSources {
  return {
    patient: { id: 'p1', name: 'Breast · HR+', focusArea: 'breast' as never, data: PatientData.parse({ oncotreeCode: 'IDC', age: 61, ecog: 1, ...data }) },
    context: opts.context ?? {},
    search: async () => ({ searchKey: 'k', createdAt: '2026-01-01T00:00:00Z', results: listed }),
    trial: (id) => TRIALS.get(id),
    match: async () => null,
    recommendations: async () =>
      ({
        pack: { name: 'Pack', version: '1', date: '2026', disclaimer: '' },
        considered: 2,
        recommendations: [
          {
            id: 'opt-alpelisib',
            therapy: 'Alpelisib + fulvestrant',
            drugs: ['alpelisib', 'fulvestrant'],
            rationale: 'PIK3CA-mutated, HR-positive, HER2-negative disease after an aromatase inhibitor',
            matchedOn: ['PIK3CA H1047R', 'ER positive'],
            caveats: ['Check fasting glucose and HbA1c'],
            evidence: { source: 'FDA', citation: 'label', date: '2025', category: '1', level: 'A' },
            supporting: [],
          },
        ],
        notApplicable: [],
        missingData: [],
      }) as never,
    documents: async () => opts.docs ?? [],
  };
}

describe('a clinical attribute of the patient: the record and the reports, or "not recorded"', () => {
  it('"creatinine clearance?" with only a creatinine recorded: not recorded, with the creatinine as recorded and cited, no clearance computed', async () => {
    const s = sources(
      { labs: [{ analyte: 'creatinine', value: 0.84, unit: 'mg/dL' }] },
      {
        docs: labsReport([
          ['Creatinine 0.84 mg/dL 0.50-1.10', 'creatinine'],
          ['Platelets 231', 'platelets'],
        ]),
      },
    );
    const a = await answerQuestion('creatinine clearance?', s, 'en');
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(/^Not recorded: .*creatinine clearance \/ eGFR \(unknown\)/);
    expect(a.content).toMatch(/Creatinine: 0\.84 mg\/dL/);
    expect(a.content).toMatch(/“Creatinine 0\.84 mg\/dL 0\.50-1\.10”/);
    expect(a.content).not.toMatch(/Platelets/);
    // nothing computed: no clearance value appears
    expect(a.content).not.toMatch(/mL\/min/);
    expect(a.citations.map((c) => c.kind)).toEqual(['patient', 'document']);
  });

  it('a recorded clearance is stated; "eGFR" as typed is the filtration rate, "egfr status" the gene', async () => {
    const s = sources({
      labs: [{ analyte: 'creatinine_clearance', value: 72, unit: 'mL/min' }],
      alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
    });
    const rate = await answerQuestion('eGFR?', s, 'en');
    expect(rate.content).toMatch(/Creatinine clearance \/ eGFR: 72 mL\/min/);
    expect(rate.content).not.toMatch(/L858R/);
    const gene = await answerQuestion('egfr status', s, 'en');
    expect(gene.content).toMatch(/EGFR: L858R/);
    expect(gene.content).not.toMatch(/72 mL\/min/);
  });

  it('"funzione renale" in Italian, "función renal" in Spanish: the creatinine lines, in the language asked', async () => {
    const s = sources(
      {},
      {
        docs: labsReport([
          ['Creatinine 92 umol/L 62-106', 'creatinine'],
          ['CEA 18,6 ng/mL', 'cea'],
        ]),
      },
    );
    const it = await answerQuestion('funzione renale', s, detectLanguage('funzione renale', 'en'));
    expect(it.content).toMatch(/^Cosa riportano la scheda del paziente e i referti:/);
    expect(it.content).toMatch(/Creatinine 92 umol\/L/);
    expect(it.content).not.toMatch(/CEA/);
    const es = await answerQuestion('¿función renal?', s, detectLanguage('¿función renal?', 'en'));
    expect(es.content).toMatch(/^Lo que indican la ficha del paciente y sus informes:/);
    expect(es.citations.some((c) => c.kind === 'document')).toBe(true);
  });

  it('"ki67?": the report line that states it, cited; when nothing states it, unknown with what the record holds', async () => {
    const stated = await answerQuestion('ki67?', sources({}, { docs: labsReport([['Ki-67 proliferation index 30%']]) }), 'en');
    expect(stated.content).toMatch(/“Ki-67 proliferation index 30%”/);
    expect(stated.citations.some((c) => c.kind === 'document')).toBe(true);
    const none = await answerQuestion('ki67?', sources({ biomarkers: [{ name: 'ER', value: 'positive' }] }), 'en');
    expect(none.declined).toBeUndefined();
    expect(none.content).toMatch(/does not state Ki-67 \(unknown\)/);
    expect(none.content).toMatch(/What the record does hold:[\s\S]*Age: 61[\s\S]*ER \(estrogen receptor\): positive/);
    expect(none.citations).toEqual([expect.objectContaining({ kind: 'patient', id: 'p1' })]);
  });

  it('"menopausal status?" from the record; "estado menopáusico" answered in Spanish; unrecorded is unknown', async () => {
    const post = sources({ menopausalStatus: 'postmenopausal' });
    expect((await answerQuestion('menopausal status?', post, 'en')).content).toMatch(/menopausal status: postmenopausal/);
    expect((await answerQuestion('¿estado menopáusico?', post, 'es')).content).toMatch(/estado menopáusico: posmenopáusica/);
    expect((await answerQuestion('menopausal status?', sources({}), 'en')).content).toMatch(/does not state menopausal status \(unknown\)/);
  });

  it('"is she a smoker" is the record’s smoking status; "should she stop smoking" stays out of scope', async () => {
    const s = sources({ smokingStatus: 'former' });
    expect((await answerQuestion('is she a smoker', s, 'en')).content).toMatch(/smoking status: former smoker/);
    expect((await answerQuestion('Should the patient stop smoking?', s, 'en')).declined).toBe(true);
  });

  it('"renal cell carcinoma" is a diagnosis, not renal function; becoming pregnant is not the record’s pregnancy', async () => {
    const s = sources({});
    expect((await answerQuestion('renal cell carcinoma trials in the list?', s, 'en')).content).not.toMatch(/renal function/);
    expect((await answerQuestion('puede quedarse embarazada despues', s, 'es')).content).not.toMatch(/embarazo/);
  });

  it('with a trial in focus, "and the creatinine clearance?" asks the trial, not the patient', async () => {
    const a = await answerQuestion('and the creatinine clearance?', sources({}, { context: { trialId: 'NCT00000301' } }), 'en');
    expect(a.content).toMatch(/Creatinine clearance ≥ 50 mL\/min/);
    expect(a.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT00000301' });
  });
});

describe('"trials near her": the listed trials’ open sites by distance from the patient', () => {
  it('ranks open sites by great-circle distance from the recorded location, each cited to its trial', async () => {
    const s = sources({ location: { city: 'Bergamo', country: 'Italy', point: { lat: 45.7, lon: 9.67 } } });
    const a = await answerQuestion('trials near her', s, 'en');
    const lines = a.content.split('\n');
    expect(lines[0]).toMatch(/nearest to Bergamo, Italy/);
    expect(lines[1]).toMatch(/NCT00000301 · Istituto Tumori, Milano, Italy — \d+ km/);
    expect(lines[2]).toMatch(/NCT00000303 · Candiolo, Torino/);
    expect(lines[3]).toMatch(/NCT00000302 · Dana-Farber/);
    // a closed site is no place to send her
    expect(a.content).not.toMatch(/Closed Centre/);
    expect(a.citations.map((c) => c.id)).toEqual(['NCT00000301', 'NCT00000303', 'NCT00000302']);
    const es = await answerQuestion('¿ensayos cerca de la paciente?', s, 'es');
    expect(es.content).toMatch(/^Centros de los ensayos de la lista del paciente más cercanos/);
  });

  it('no location recorded: unknown, with the countries the list recruits in; never a guessed place', async () => {
    const a = await answerQuestion('trials near her', sources({}), 'en');
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(/^Not recorded: the patient's location is not in the record/);
    expect(a.content).toMatch(/- Italy: 2 trials/);
    expect(a.content).toMatch(/- United States: 1 trials/);
    expect(a.citations).toEqual([expect.objectContaining({ kind: 'patient' })]);
  });

  it('"¿Y el centro más cercano?" after a question on a trial keeps the trial; with no location it says the sites are not ranked', async () => {
    const history = [{ role: 'user', content: 'phase of NCT00000301?', citations: [] }] as unknown as ChatMessage[];
    const a = await answerQuestion('¿Y el centro más cercano?', sources({}, { context: focusOf({}, history) }), 'es');
    expect(a.content).toMatch(/^No registrado: la ubicación del paciente no consta/);
    expect(a.content).toMatch(/Istituto Tumori, Milano, Italy/);
    expect(a.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT00000301' });
    const located = await answerQuestion(
      '¿Y el centro más cercano?',
      sources({ location: { point: { lat: 45.7, lon: 9.67 } } }, { context: focusOf({}, history) }),
      'es',
    );
    expect(located.content).toMatch(/Istituto Tumori, Milano, Italy — \d+ km/);
    expect(located.content).not.toMatch(/No registrado/);
  });

  it('"a restaurant near the hospital" is not a trial site question', async () => {
    const a = await answerQuestion('Recommend a good restaurant near the hospital', sources({ location: { point: { lat: 45.7, lon: 9.67 } } }), 'en');
    expect(a.content).not.toMatch(/km/);
  });
});

describe('the language of a short question', () => {
  it.each([
    ['HER2 amplificato?', 'it'],
    ['emoglobina?', 'it'],
    ['hemoglobina', 'es'],
    ['requisiti NCT07463768', 'it'],
    ['her2 status', 'en'],
  ] as const)('%s → %s', (q, lang) => expect(detectLanguage(q, 'en')).toBe(lang));
});

describe('wordings that reached the wrong intent', () => {
  it.each([
    ['qué le pido ahora a esta paciente', 'missing', undefined],
    ['esclusioni del NCT05428007', 'criteria', 'exclusion'],
    ['who is eligible for NCT00700102', 'criteria', 'inclusion'],
    ['chi può essere arruolato nel NCT05696548', 'criteria', 'inclusion'],
  ] as const)('%s → %s', (q, intent, polarity) => {
    const p = parseQuestion(q);
    expect(p.intent).toBe(intent);
    if (polarity) expect(p.polarity).toBe(polarity);
  });

  it('"cosa serve per questa opzione" in a conversation opened on an option explains that option', async () => {
    const a = await answerQuestion('cosa serve per questa opzione', sources({}, { context: { recommendationId: 'opt-alpelisib' } }), 'it');
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(/Alpelisib \+ fulvestrant/);
    expect(a.content).toMatch(/PIK3CA-mutated/);
    expect(a.citations[0]).toMatchObject({ kind: 'guideline', id: 'opt-alpelisib' });
  });
});

describe('the list filtered by what the question names', () => {
  it('"studi di fase 3 in lista", "trials in Spain", "ensayos en Italia": the search’s trials by phase and by a country with an open site, in the language asked', async () => {
    const s = sources({});
    const phase3 = await answerQuestion('studi di fase 3 in lista', s, detectLanguage('studi di fase 3 in lista', 'en'));
    expect(phase3.content).toMatch(/^Studi di questa ricerca di fase 3 \(1\):/);
    expect(phase3.citations.map((c) => c.id)).toEqual(['NCT00000303']);
    const italy = await answerQuestion('ensayos en Italia', s, 'es');
    expect(italy.content).toMatch(/con un centro abierto en Italia \(2\)/);
    expect(italy.citations.map((c) => c.id)).toEqual(['NCT00000301', 'NCT00000303']);
    // a country none of the listed trials recruits in is said so, not declined
    const spain = await answerQuestion('trials in Spain', s, 'en');
    expect(spain.content).toBe('None of the 3 trials of this search is with an open site in Spain.');
  });
});

describe('organ function asked of a trial: the criterion that states it by its test', () => {
  it.each([
    ['what does NCT00000301 require for kidney function', /Creatinine clearance ≥ 50 mL\/min/],
    ['funzione epatica richiesta dal NCT00000301', /Total bilirubin ≤ 1\.5 × ULN/],
  ])('%s', async (q, says) => {
    const a = await answerQuestion(q, sources({}), detectLanguage(q, 'en'));
    expect(a.content).toMatch(says);
    expect(a.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT00000301' });
  });
});

describe('a report asked for by its kind', () => {
  it('"what did the NGS report find" quotes the sequencing report, not the laboratory export', async () => {
    const docs = [
      {
        id: 'lab',
        name: 'labs.csv',
        kind: 'lab',
        status: 'done',
        findings: [{ id: 'a', status: 'accepted', analyte: 'creatinine', source: { text: 'Creatinine 0.84 mg/dL', page: 1 } }],
      },
      {
        id: 'ngs',
        name: 'NGS.pdf',
        kind: 'ngs',
        status: 'done',
        findings: [{ id: 'b', status: 'accepted', gene: 'EGFR', source: { text: 'EGFR L858R VAF 31%', page: 2 } }],
      },
    ] as unknown as ReportDocument[];
    const a = await answerQuestion('what did the NGS report find', sources({}, { docs }), 'en');
    expect(a.content).toMatch(/EGFR L858R VAF 31%/);
    expect(a.content).not.toMatch(/Creatinine/);
    const lab = await answerQuestion('qué dice el informe de laboratorio', sources({}, { docs }), 'es');
    expect(lab.content).toMatch(/Creatinine 0\.84/);
    expect(lab.content).not.toMatch(/L858R/);
  });
});

describe('more of the patient record and of the wordings (session 6 probes)', () => {
  it('"sex of the patient", "histology?", "sedi metastatiche": the record’s fields, in the language asked', async () => {
    const s = sources({ gender: 'female', metastatic: true, metastasisSites: ['liver'] });
    expect((await answerQuestion('sex of the patient', s, 'en')).content).toMatch(/sex: female/);
    expect((await answerQuestion('histology?', s, 'en')).content).toMatch(/diagnosis \/ histology: .*IDC/);
    expect((await answerQuestion('sedi metastatiche', s, 'it')).content).toMatch(/metastasi: sì — liver/);
  });

  it.each([
    ['what is the best option for him?', 'guideline'],
    ['quali opzioni ci sono', 'guideline'],
    ['what blocks her from NCT04114136', 'why_match'],
    ['cosa gli impedisce di entrare nel NCT04114136', 'why_match'],
  ] as const)('%s → %s', (q, intent) => expect(parseQuestion(q).intent).toBe(intent));

  it('"ci sono" is an everyday word, never the first letters of a drug (sonolisib)', () => {
    expect(drugsIn('quali opzioni ci sono', ['sonolisib']).drugs).toEqual([]);
  });
});

describe('the search summarised', () => {
  it.each([
    [
      'how many trials match',
      'en',
      /^The search \(k, 2026-01-01 00:00\) holds 3 trials: 1 match on what is recorded, 1 cannot be decided yet, 1 do not match\.\nFirst matches:\n- \[1\] NCT00000303/,
    ],
    ['quanti studi sono compatibili', 'it', /^La ricerca .* contiene 3 studi: 1 compatibili/],
    ['top matches?', 'en', /First matches:/],
  ] as const)('%s', async (q, lang, says) => {
    const s = sources({});
    const verdicts = ['no_match', 'unknown', 'match'];
    s.search = async () => ({
      searchKey: 'k',
      createdAt: '2026-01-01T00:00:00Z',
      results: listed.map((m, i) => ({ ...m, match: { ...m.match, verdict: verdicts[i] } }) as MatchedTrial),
    });
    const a = await answerQuestion(q, s, lang);
    expect(a.content).toMatch(says);
    expect(a.citations.map((c) => c.id)).toEqual(['NCT00000303']);
  });
});

describe('why a trial matches: unmet criteria that do not decide alone are said apart', () => {
  const cohortTrial = trial('NCT00000304', 'Inclusion Criteria:\n- Adults\nExclusion Criteria:\n- Cohort 3 only: prior EGFR-TKI\n- Prior MEK inhibitor', {
    briefTitle: 'Cohort study',
  });
  const row = (id: string, source: string, status: 'match' | 'no_match', confidence: number) => ({
    criterionId: `NCT00000304#${id}`,
    kind: 'prior_therapy',
    polarity: 'exclusion',
    status,
    source,
    reason: 'r',
    confidence,
    overridden: false,
  });
  const match = {
    trialId: cohortTrial.id,
    verdict: 'match',
    level: 'medium',
    score: 1,
    metShare: 0.5,
    counts: { match: 1, no_match: 1, unknown: 0, not_deciding: 1 },
    diseaseRelation: 'exact',
    geneRelation: 'none',
    demographics: 'matches',
    results: [row('t1', 'Cohort 3 only: prior EGFR-TKI', 'no_match', 0.5), row('t2', 'Prior MEK inhibitor', 'match', 0.75)],
    cohorts: [],
  };
  const withTrial = (): ChatSources => ({
    ...sources({}),
    trial: (id) => (id === cohortTrial.id ? cohortTrial : TRIALS.get(id)),
    match: async () => match as never,
  });

  it.each([
    ['en', 'why does NCT00000304 match?', /Unmet but not deciding alone: 1 \(one cohort/, /Not met, not deciding alone:\n- \[\d\] ✕ Cohort 3 only/],
    ['es', '¿por qué encaja NCT00000304?', /No cumplidos que no deciden por sí solos: 1 \(una cohorte/, /No cumplidos que no deciden por sí solos:/],
    ['it', 'perché NCT00000304 è compatibile?', /Non soddisfatti che non decidono da soli: 1 \(una coorte/, /Non soddisfatti che non decidono da soli:/],
  ])('%s', async (lang, q, note, heading) => {
    const a = await answerQuestion(q, withTrial(), lang as never);
    expect(a.content).toMatch(note);
    expect(a.content).toMatch(heading);
    // listed apart, not as a criterion the patient fails
    expect(a.content).not.toMatch(/^(Not met|No cumplidos|Non soddisfatti):$/m);
  });
});

describe("a change of a drug's amount for the patient is dosing advice, declined whatever the drug", () => {
  it.each([
    ['she lost weight, should we drop the alpelisib to 250 mg', 'en'],
    ['lower the fulvestrant to 250 mg next month?', 'en'],
    ['¿le bajamos el alpelisib a 200 mg al día?', 'es'],
    ['riduciamo il fulvestrant a 250 mg?', 'it'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources({}), lang);
    expect(a.declined).toBe(true);
    expect(a.citations).toEqual([]);
  });

  it("the same words about a trial's own rules are answered from its record", async () => {
    const a = await answerQuestion('must steroids be reduced to 10 mg before NCT00000301?', sources({}), 'en');
    expect(a.declined ?? false).toBe(false);
  });
});

describe('a request to prescribe is declined: a prescription is the clinician’s act', () => {
  it.each([
    ['write her a script for alpelisib 300 mg daily', 'en'],
    ['prescribe ondansetron for the nausea', 'en'],
    ['send the rx for fulvestrant to the pharmacy', 'en'],
    ['hazle la receta de fulvestrant', 'es'],
    ['puedes prescribir alpelisib', 'es'],
    ['fagli la ricetta per il fulvestrant', 'it'],
    ['prescrivi alpelisib 300 mg', 'it'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources({}), lang);
    expect(a.declined).toBe(true);
    expect(a.citations).toEqual([]);
  });

  it("a trial's rules on prescriptions are still answered from its record", async () => {
    const a = await answerQuestion('are prescription drugs allowed in NCT00000301?', sources({}), 'en');
    expect(a.declined ?? false).toBe(false);
  });
});
