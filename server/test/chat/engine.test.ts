/**
 * The assistant's engine on sources built here (no server): retrieval over a trial record's sentences,
 * the patient, the reports and the options, in en/es/it; the answer in the language of the question;
 * follow-ups that keep the trial, option or report last discussed; options asked by drug or from "Ask
 * about this option"; trials of the list that use a drug; "what to test next"; declining only what the
 * sources cannot hold.
 */
import {
  PatientData,
  type ChatMessage,
  type Citation,
  type FindTreatmentResponse,
  type MatchedTrial,
  type ReportDocument,
  type Trial,
} from '@oncodesk/shared/contracts';
import { answerQuestion, detectLanguage, focusOf, parseQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { rank, terms } from '../../src/chat/engine/retrieval';
import { trial } from '../trials/helpers';

const brain = trial(
  'NCT06604689',
  'Inclusion Criteria:\n\n* Pathologically confirmed non-small cell lung cancer;\n* EGFR sensitive mutations: EGFR L858R, EGFR exon 19 deletion;\n* brain metastases at diagnosis;\n\nExclusion Criteria:\n\n* Multiple primary or metastatic tumors;\n* Pregnant or lactating women;\n* Uncontrolled epilepsy, central nervous system disease, or history of mental disorders.',
  {
    briefTitle: 'Cranial radiotherapy in EGFR-TKI-treated NSCLC with brain metastases',
    conditions: ['NSCLC'],
    interventions: [{ name: 'osimertinib', type: 'drug', drugs: ['osimertinib'] }] as never,
  },
);
const withSites = {
  ...trial('NCT00000101', 'Inclusion Criteria:\n- Renal cell carcinoma\nExclusion Criteria:\n- Prior cabozantinib', {
    briefTitle: 'Cabozantinib in kidney cancer',
    interventions: [{ name: 'Cabozantinib', type: 'drug', drugs: ['cabozantinib'] }] as never,
  }),
  sponsor: 'Kidney Group',
  sites: [{ name: 'Ospedale San Raffaele', status: 'recruiting', address: { city: 'Milano', country: 'Italy' } }],
} as Trial;
const cabo2 = trial('NCT00000102', 'Inclusion Criteria:\n- Clear cell renal cell carcinoma', {
  briefTitle: 'Cabozantinib with nivolumab',
  interventions: [
    { name: 'cabozantinib', type: 'drug', drugs: ['cabozantinib'] },
    { name: 'nivolumab', type: 'drug', drugs: ['nivolumab'] },
  ] as never,
});
const other = trial('NCT00000103', 'Inclusion Criteria:\n- Clear cell renal cell carcinoma', {
  briefTitle: 'Axitinib alone',
  interventions: [{ name: 'axitinib', type: 'drug', drugs: ['axitinib'] }] as never,
});
const TRIALS = new Map([brain, withSites, cabo2, other].map((t) => [t.id, t]));

const listed = (t: Trial, verdict = 'unknown'): MatchedTrial => ({
  trial: { id: t.id, briefTitle: t.briefTitle } as never,
  match: {
    trialId: t.id,
    verdict,
    counts: { match: 1, no_match: 0, unknown: 1 },
    results: [{ criterionId: 'x', status: 'unknown', kind: 'lab', polarity: 'inclusion', reason: 'eGFR not recorded', source: 'eGFR ≥ 30' }],
  } as never,
  liked: false,
});

const RECS = {
  pack: { name: 'Pack', version: '1', date: '2026-01-01', disclaimer: 'Demonstration only.' },
  considered: 7,
  recommendations: [
    {
      id: 'rcc-cabo',
      therapy: 'Cabozantinib',
      drugs: ['cabozantinib'],
      rationale: 'Multikinase inhibitor after prior VEGF-targeted therapy.',
      matchedOn: ['Diagnosis CCRCC', 'Line 2'],
      caveats: ['Check blood pressure.'],
      evidence: { category: '1', level: 'A', source: 'FDA label', citation: 'CABOMETYX prescribing information', date: '2025' },
      supporting: [],
    },
    {
      id: 'rcc-nivo',
      therapy: 'Nivolumab',
      drugs: ['nivolumab'],
      rationale: 'PD-1 blockade after antiangiogenic therapy.',
      matchedOn: ['Diagnosis CCRCC'],
      caveats: [],
      evidence: { category: '1', level: 'A', source: 'FDA label', citation: 'OPDIVO prescribing information', date: '2025' },
      supporting: [],
    },
  ],
  notApplicable: [],
  missingData: [{ fact: 'IMDC risk group not recorded', action: 'Record the IMDC risk factors', decides: ['Nivolumab with ipilimumab'] }],
} as unknown as FindTreatmentResponse;

const DOCS = [
  {
    id: 'd1',
    name: 'NGS-report.pdf',
    status: 'done',
    findings: [
      { id: 'f1', status: 'accepted', gene: 'VHL', source: { text: 'VHL c.194C>G p.S65W pathogenic', page: 2 } },
      { id: 'f2', status: 'accepted', analyte: 'creatinine', source: { text: 'Creatinine 1.3 mg/dL', page: 1 } },
    ],
  },
] as unknown as ReportDocument[];

function sources(context: Focus = {}, patient = true): ChatSources {
  return {
    patient: patient
      ? { id: 'p1', name: 'Kidney · ccRCC', focusArea: 'kidney' as never, data: PatientData.parse({ oncotreeCode: 'CCRCC', age: 64, ecog: 1 }) }
      : null,
    context,
    search: async () =>
      patient ? { searchKey: 'k', createdAt: '2026-01-01T00:00:00Z', results: [listed(withSites), listed(cabo2), listed(other, 'no_match')] } : null,
    trial: (id) => TRIALS.get(id),
    match: async () => null,
    recommendations: async () => (patient ? RECS : null),
    documents: async () => (patient ? DOCS : []),
  };
}

const kinds = (c: Citation[]) => c.map((x) => `${x.kind}:${x.trialId ?? x.id}`);

describe('retrieval', () => {
  it('reads Spanish and Italian words as the English the records use, stemmed on both sides', () => {
    expect(terms('metástasis cerebrales')).toEqual(terms('brain metastases').reverse());
    expect(terms('mujeres embarazadas')).toContain(terms('pregnant')[0]);
    expect(terms('T790M+ status')).toContain('t790m');
  });
  it('ranks the sentence that answers first', () => {
    const ps = ['Pregnant or lactating women', 'brain metastases at diagnosis', 'EGFR exon 19 deletion'].map((text, i) => ({
      id: `${i}`,
      text,
      citation: { kind: 'trial' as const, id: 'x', label: 'x' },
    }));
    expect(rank('¿admite metástasis cerebrales?', ps).ranked[0].passage.text).toBe('brain metastases at diagnosis');
    expect(rank('gravidanza', ps).ranked[0].passage.text).toBe('Pregnant or lactating women');
    expect(rank('weather in Milan tomorrow', ps).ranked).toEqual([]);
  });
});

describe('language of the question', () => {
  it.each([
    ['¿Y el centro más cercano?', 'es'],
    ['Quali studi usano cabozantinib?', 'it'],
    ['tmb del paciente', 'es'],
    ['criteri esclusione NCT06604689', 'it'],
    ['exclusion crit NCT06604689', 'en'],
    ['NCT06604689', 'it'],
  ] as const)('%s → %s (interface Italian)', (q, lang) => expect(detectLanguage(q, 'it')).toBe(lang));

  it('answers in the question’s language with its own words, never the interface’s', async () => {
    const es = await answerQuestion('¿Cuáles son los criterios de exclusión de NCT06604689?', sources(), 'es');
    expect(es.content).toMatch(/^Criterios de exclusión de NCT06604689:/);
    expect(es.content).not.toMatch(/Exclusion criteria|Inclusion criteria/);
  });
});

describe('answers from the sources', () => {
  it('lists the exclusion criteria of a record from its own text, cited', async () => {
    const a = await answerQuestion('What are the exclusion criteria of NCT06604689?', sources(), 'en');
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(/Multiple primary or metastatic tumors/);
    expect(a.content).toMatch(/Uncontrolled epilepsy/);
    expect(a.content).not.toMatch(/brain metastases at diagnosis/);
    expect(kinds(a.citations)).toEqual(expect.arrayContaining(['trial:NCT06604689', 'criterion:NCT06604689']));
  });

  it('answers a question no template knows from the record’s sentence (Spanish)', async () => {
    const a = await answerQuestion('NCT06604689 ¿exige metástasis cerebrales?', sources(), 'es');
    expect(a.content).toMatch(/^Lo que dicen las fuentes/);
    expect(a.content).toMatch(/brain metastases at diagnosis/);
    expect(kinds(a.citations)[0]).toBe('trial:NCT06604689');
  });

  it('finds the patient’s report line and fact for a question in Italian', async () => {
    const a = await answerQuestion('quale variante di VHL ha?', sources(), 'it');
    expect(a.content).toMatch(/p\.S65W/);
    expect(a.citations.some((c) => c.kind === 'document' && c.documentId === 'd1')).toBe(true);
  });

  it('"Quali studi usano cabozantinib?" lists the trials of the list that use it', async () => {
    const a = await answerQuestion('Quali studi usano cabozantinib?', sources(), 'it');
    expect(a.content).toMatch(/^Studi di questa ricerca rivolti a cabozantinib \(2\)/);
    expect(kinds(a.citations)).toEqual(['trial:NCT00000101', 'trial:NCT00000102']);
  });

  it('"what should I test next" names what decides the options and the trials still open', async () => {
    for (const [q, lang, head] of [
      ['What should I test next?', 'en', /would decide more/],
      ['¿Qué debería pedir ahora?', 'es', /decidiría más/],
      ['Cosa dovrei testare adesso?', 'it', /deciderebbe di più/],
    ] as const) {
      const a = await answerQuestion(q, sources(), lang);
      expect(a.declined).toBeUndefined();
      expect(a.content).toMatch(head);
      expect(a.content).toMatch(/IMDC risk group not recorded/);
      // the eGFR unknown counts for the two trials still open, not for the one already ruled out
      expect(a.content).toMatch(/eGFR .* 2 /);
    }
  });
});

describe('options', () => {
  it('an option asked about by its drug is explained with its rationale and source', async () => {
    const a = await answerQuestion('Why cabozantinib?', sources(), 'en');
    expect(a.content).toMatch(/Multikinase inhibitor after prior VEGF-targeted therapy/);
    expect(a.citations[0]).toMatchObject({ kind: 'guideline', id: 'rcc-cabo' });
  });

  it('"Why not axitinib?" says it is not among the options, with the pack as source, not a trial', async () => {
    const a = await answerQuestion('Why not axitinib?', sources({ trialId: 'NCT06604689' }), 'en');
    expect(a.content).toMatch(/^axitinib: not among the options the guideline pack gives for this patient as recorded \(7 considered\)/);
    expect(a.content).toMatch(/Cabozantinib; Nivolumab/);
    expect(a.citations.map((c) => c.kind)).toEqual(['guideline']);
  });

  it('a conversation opened on an option ("Ask about this option") knows it', async () => {
    const a = await answerQuestion(
      'Why is this treatment option suggested for this patient, and what are its sources?',
      sources({ recommendationId: 'rcc-nivo' }),
      'en',
    );
    expect(a.content).toMatch(/^Why Nivolumab is an option/);
    expect(a.content).toMatch(/OPDIVO prescribing information/);
    const es = await answerQuestion('¿por qué esta opción?', sources({ recommendationId: 'rcc-nivo' }), 'es');
    expect(es.content).toMatch(/^Por qué Nivolumab es una opción/);
  });
});

describe('follow-ups keep what was discussed', () => {
  const msg = (role: 'user' | 'assistant', content: string, citations: Citation[] = []): ChatMessage =>
    ({ id: `${Math.random()}`, chatId: 'c', role, content, citations, createdAt: '' }) as unknown as ChatMessage;

  it('the trial of the last turn, over the one the conversation was opened on', async () => {
    const focus = focusOf({ trialId: 'NCT00000102' }, [
      msg('user', '¿Qué fase tiene NCT00000101?'),
      msg('assistant', '…', [{ kind: 'trial', id: 'NCT00000101', trialId: 'NCT00000101', label: 'x' }]),
    ]);
    expect(focus.trialId).toBe('NCT00000101');
    const a = await answerQuestion('¿Y el centro más cercano?', sources(focus), 'es');
    // the patient's location is not recorded: the sites are the trial's, said not to be ranked by distance
    expect(a.content).toMatch(/^No registrado: la ubicación del paciente no consta.*\nCentros de NCT00000101/);
    expect(a.content).toMatch(/Ospedale San Raffaele/);
  });

  it('a list of trials sets no trial; one option or one report answered about becomes the focus', () => {
    const list = msg('assistant', '…', [
      { kind: 'trial', id: 'NCT00000101', trialId: 'NCT00000101', label: 'a' },
      { kind: 'trial', id: 'NCT00000102', trialId: 'NCT00000102', label: 'b' },
    ]);
    expect(focusOf({}, [list]).trialId).toBeUndefined();
    const option = msg('assistant', '…', [{ kind: 'guideline', id: 'rcc-nivo', label: 'Nivolumab' }]);
    const report = msg('assistant', '…', [{ kind: 'document', id: 'd1#f1', documentId: 'd1', label: 'r' }]);
    expect(focusOf({}, [option, report])).toEqual({ recommendationId: 'rcc-nivo', documentId: 'd1' });
  });

  it('"and its sources?" after an option answers about that option', async () => {
    const a = await answerQuestion(
      'and its sources?',
      sources(focusOf({}, [msg('assistant', '…', [{ kind: 'guideline', id: 'rcc-cabo', label: 'Cabozantinib' }])])),
      'en',
    );
    expect(a.citations[0]).toMatchObject({ kind: 'guideline', id: 'rcc-cabo' });
    expect(a.content).toMatch(/CABOMETYX prescribing information/);
  });
});

describe('declines only what the sources cannot hold', () => {
  it.each([
    ['What dose of cabozantinib with a creatinine of 1.3?', 'en'],
    ['¿Cuánto cuesta el cabozantinib?', 'es'],
    ['Qual è la capitale del Portogallo?', 'it'],
    ['Will it rain in Milan tomorrow?', 'en'],
    ['What phase is NCT99999999?', 'en'],
    ['how long will she live', 'en'],
    ['what is cabozantinib half life', 'en'],
    ['quanti cicli di cabozantinib', 'it'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a).toMatchObject({ declined: true, citations: [] });
  });

  it('a question naming a trial is answered from its record even with words of advice in it', async () => {
    const a = await answerQuestion('Does NCT06604689 exclude pregnant women who drink alcohol?', sources(), 'en');
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(/Pregnant or lactating women/);
  });

  it('says in the question’s language why it declines', async () => {
    expect((await answerQuestion('¿Cuánto cuesta el cabozantinib?', sources(), 'es')).content).toMatch(/^No puedo responder/);
  });

  it('a question about a trial with no trial named or in focus asks which one', async () => {
    const a = await answerQuestion('Who is the sponsor?', sources({}, false), 'en');
    expect(a).toMatchObject({ declined: true });
    expect(a.content).toMatch(/which trial/);
  });
});

describe('questions worded freely', () => {
  it.each([
    ['quali pazienti non possono partecipare a NCT06604689', /^Criteri di esclusione di NCT06604689/],
    ['NCT06604689 who is excluded', /^Exclusion criteria of NCT06604689/],
    ['quién puede entrar en el NCT06604689', /^Criterios de inclusión de NCT06604689/],
    ['which company or institution is behind NCT00000101', /Kidney Group/],
    ["what's given to patients in NCT00000101", /^Interventions of NCT00000101/],
  ] as const)('%s', async (q, says) => {
    const a = await answerQuestion(q, sources(), detectLanguage(q, 'en'));
    expect(a.content).toMatch(says);
  });

  it('"any trial in the list with cabozantinib" lists the trials, not the option', async () => {
    const a = await answerQuestion('any trial in the list with cabozantinib', sources(), 'en');
    expect(a.citations.map((c) => c.kind)).toEqual(['trial', 'trial']);
  });

  it('daily-life advice about a drug of an option is declined, not answered with the option', async () => {
    expect(await answerQuestion('Can she eat grapefruit on cabozantinib?', sources(), 'en')).toMatchObject({ declined: true, citations: [] });
  });
});

describe('clinicians’ shorthand and spelling', () => {
  it('an option named by the first letters of its drug ("cabo", "nivo") or a lexicon shorthand is explained', async () => {
    expect((await answerQuestion('nivo why', sources(), 'en')).citations[0]).toMatchObject({ kind: 'guideline', id: 'rcc-nivo' });
    expect((await answerQuestion('y el cabo por qué', sources(), 'es')).citations[0]).toMatchObject({ kind: 'guideline', id: 'rcc-cabo' });
    // "ever" begins everolimus but is an English word: no drug is read from it
    expect((await answerQuestion('has she ever had chemo', sources(), 'en')).content).not.toMatch(/everolimus/);
  });

  it('contractions typed without the apostrophe and plural section names still ask for the criteria', async () => {
    expect((await answerQuestion('who cant go into NCT06604689', sources(), 'en')).content).toMatch(/^Exclusion criteria of NCT06604689/);
    expect((await answerQuestion('what rules a pt out of NCT06604689', sources(), 'en')).content).toMatch(/^Exclusion criteria of NCT06604689/);
    const follow = await answerQuestion('and the exclusions', sources({ trialId: 'NCT06604689' }), 'en');
    expect(follow.content).toMatch(/^Exclusion criteria of NCT06604689/);
  });

  it('a criteria text headed "Select Inclusion Criteria:" is read by section', async () => {
    const select = trial('NCT00000104', 'Select Inclusion Criteria:\n* Age 18 or older\nSelect Exclusion Criteria:\n* Prior exposure to OX40 agonists', {
      briefTitle: 'x',
    });
    const s = { ...sources(), trial: (id: string) => (id === select.id ? select : TRIALS.get(id)) };
    const a = await answerQuestion('exclusions for NCT00000104', s, 'en');
    expect(a.content).toMatch(/^Exclusion criteria of NCT00000104:\n- \[2\] Prior exposure to OX40 agonists/);
    expect(a.content).not.toMatch(/Age 18/);
  });

  it('a word written with a Spanish or Italian accent is not English', () => {
    expect(detectLanguage('exclusión NCT00705822', 'en')).toBe('es');
    expect(detectLanguage('età e ecog', 'en')).toBe('it');
    expect(detectLanguage('NCT00700102 exige bevacizumab previo', 'en')).toBe('es');
  });

  it('a brand in the record is the drug asked by its generic name, and the quote starts at the sentence that answers', async () => {
    const long = trial(
      'NCT00000105',
      `Inclusion Criteria:\n* Metastatic colorectal cancer. ${'Patients must have adequate organ function as defined in the protocol appendix. '.repeat(4)}Previously treated with first-line chemotherapy plus Avastin.`,
      { briefTitle: 'Second-line study' },
    );
    const s = { ...sources(), trial: (id: string) => (id === long.id ? long : TRIALS.get(id)) };
    const a = await answerQuestion('NCT00000105 requires prior bevacizumab?', s, 'en');
    expect(a.content).toMatch(/… Previously treated with first-line chemotherapy plus Avastin/);
    expect(terms('Avastin')).toEqual(terms('bevacizumab'));
    expect(terms('tumor mutational burden')).toContain('tmb');
  });

  it('hyphenated names read the same as written without the hyphen or apart', () => {
    expect(terms('prior anti pd1')).toEqual(expect.arrayContaining(terms('anti-PD-1')));
    expect(terms('PD-L1')).toEqual(terms('pdl1'));
    expect(terms('non-small cell')).toEqual(terms('non small cell'));
  });

  it('"what else should be tested", "cosa chiedo ora", "qué pruebas faltan" ask what to test next', () => {
    // "estudiar" / "approfondire" / "work up": the clinician's words for the work-up, not for trials
    for (const q of [
      'what else should be tested',
      'cosa chiedo ora',
      'qué pruebas faltan',
      'quali esami servono',
      '¿qué debería estudiar a continuación?',
      'cosa dovremmo approfondire adesso?',
      'what should we work up next',
    ])
      expect(parseQuestion(q).intent).toBe('missing');
  });

  it('an intervention named by its code says the drug it is', async () => {
    const coded = trial('NCT00000106', 'Inclusion Criteria:\n- Solid tumour', {
      briefTitle: 'x',
      interventions: [{ name: 'azd5363 when combined with weekly paclitaxel', type: 'drug', drugs: ['capivasertib', 'paclitaxel'] }] as never,
    });
    const s = { ...sources({ trialId: coded.id }), trial: (id: string) => (id === coded.id ? coded : TRIALS.get(id)) };
    expect((await answerQuestion('drugs', s, 'en')).content).toMatch(/azd5363 when combined with weekly paclitaxel \(drug\) — capivasertib/);
  });
});
