/**
 * How the assistant reads questions written freely about a trial and the patient: where a trial runs in a
 * country (by its name or an adjective, in a follow-up too), whether the patient can join a trial however it is
 * put, a criteria text read as its author wrote it (wrapped lines, headings with other words, numbers that open a
 * criterion), Spanish and Italian words read as the English ones of the record, abbreviations read off the
 * record's own words, and a drug the record names otherwise. Every answer cites the record it quotes.
 */
import { PatientData, type ChatMessage, type Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, focusOf, parseQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { criteriaLines } from '../../src/chat/engine/quote';
import { trial } from '../trials/helpers';

const site = (name: string, city: string, country: string) => ({ name, status: 'recruiting', address: { city, country } }) as unknown as Trial['sites'][number];

// a criteria text as older registry records hold it: items are paragraphs wrapped at a fixed width
const wrapped = trial(
  'NCT09000001',
  [
    'Key Inclusion Criteria:',
    '',
    '- 21-75 years old at the time of consent',
    '',
    '- Documented activating KRAS G12C mutation detected by an approved assay (tissue',
    'or plasma). Patients whose tumour was tested on plasma only need confirmation',
    'on tissue before the first dose',
    '',
    '- Disease progression on at least one prior line of anti-PD-1/PD-L1 therapy',
    '',
    '- Completed second-line chemotherapy at least 3 weeks before enrolment',
    '',
    'Most relevant exclusion criteria:',
    '',
    '- Known interstitial lung disease or pneumonitis requiring steroids',
    '',
    '- Live vaccines within 30 days before the first dose',
    '',
    '- Therapeutic anticoagulation with warfarin',
    '',
    '- Active hepatitis B or C infection',
    '',
    '- Uncontrolled hypertension despite treatment',
    '',
    '- Spinal cord compression unless treated as per institutional criteria',
  ].join('\n'),
  {
    briefTitle: 'A KRAS G12C Inhibitor After Immunotherapy',
    conditions: ['Non-Small Cell Lung Cancer', 'Colorectal Cancer', 'Pancreatic Cancer'],
    sites: [
      site('Hospital Clínic', 'Barcelona', 'Spain'),
      site('Hospital La Paz', 'Madrid', 'Spain'),
      site('Gustave Roussy', 'Villejuif', 'France'),
      site('MD Anderson', 'Houston', 'United States'),
    ],
  },
);
const TRIALS = new Map([[wrapped.id, wrapped]]);

const data = PatientData.parse({ oncotreeCode: 'IDC', age: 44, priorTreatments: [{ name: 'leuprorelin' }, { name: 'tamoxifen' }] });

function sources(context: Focus = {}, withPatient = true): ChatSources {
  return {
    patient: withPatient ? { id: 'p1', name: 'Breast', focusArea: 'breast' as never, data } : null,
    context,
    search: async () => ({ searchKey: 'k', createdAt: '2026-01-01T00:00:00Z', results: [] }),
    trial: (id: string) => TRIALS.get(id),
    match: async () => null,
    recommendations: async () => null,
    documents: async () => [],
  } as unknown as ChatSources;
}
const cited = (a: { citations: Array<{ kind: string; id: string; trialId?: string }> }) =>
  a.citations.some((c) => c.id === wrapped.id || c.trialId === wrapped.id);

describe('a trial’s sites in a country', () => {
  it.each([
    ['does NCT09000001 recruit in Spain?', 'en', /Sites of NCT09000001 in Spain \(2 of the 4/],
    ['centros españoles del NCT09000001', 'es', /Centros de NCT09000001 en España \(2 de los 4/],
    ['NCT09000001 si fa in Spagna?', 'it', /Centri di NCT09000001 in Spagna \(2 dei 4/],
    ['any spanish sites for NCT09000001', 'en', /Sites of NCT09000001 in Spain \(2 of the 4/],
  ] as const)('%s: only that country’s sites, cited', async (q, lang, head) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.content).toMatch(head);
    expect(a.content).toMatch(/Barcelona/);
    expect(a.content).toMatch(/Madrid/);
    expect(a.content).not.toMatch(/Houston|Villejuif/);
    expect(cited(a)).toBe(true);
  });

  it('an adjective of nationality that is not the name’s start plus a letter ("franceses" of Francia)', async () => {
    const a = await answerQuestion('¿NCT09000001 tiene centros franceses?', sources(), 'es');
    expect(a.content).toMatch(/Centros de NCT09000001 en Francia \(1 de los 4/);
    expect(a.content).toMatch(/Villejuif/);
    expect(a.content).not.toMatch(/Barcelona|Houston/);
  });

  it('a follow-up "and in France?" after the sites keeps the trial', async () => {
    const history = [
      { role: 'user', content: 'where is NCT09000001 open', citations: [] },
      { role: 'assistant', content: 'Sites of NCT09000001', citations: [{ kind: 'trial', id: wrapped.id, trialId: wrapped.id, label: '' }] },
    ] as unknown as ChatMessage[];
    const a = await answerQuestion('and in France?', sources(focusOf({}, history), false), 'en');
    expect(a.content).toMatch(/in France \(1 of the 4/);
    expect(a.content).toMatch(/Villejuif/);
  });

  it('a country where it has no site is said so, with the countries it has — never another country’s sites', async () => {
    const a = await answerQuestion('is NCT09000001 open anywhere in Italy', sources(), 'en');
    expect(a.content).toBe('The record of NCT09000001 lists no site in Italy; its 4 sites are in: Spain, France, United States.');
    expect(cited(a)).toBe(true);
  });
});

describe('whether the patient can join a trial, however it is put', () => {
  it.each([
    'could he join NCT09000001',
    'can my pt get into NCT09000001?',
    '¿la paciente podría participar en el NCT09000001?',
    'il paziente può partecipare al NCT09000001?',
    'NCT09000001 for my patient?',
    'potrebbe entrarci?',
  ])('"%s" asks why the trial matches or not', (q) => expect(parseQuestion(q).intent).toBe('why_match'));
  it('a question for the list of trials stays one', () => expect(parseQuestion('which trials could she join?').intent).toBe('trials_targeting'));
});

describe('a criteria text read as its author wrote it', () => {
  it('joins wrapped lines back into one criterion, and keeps one line per line in a text without paragraphs', () => {
    const lines = criteriaLines(wrapped.eligibility.text);
    expect(lines).toContain(
      '- Documented activating KRAS G12C mutation detected by an approved assay (tissue or plasma). Patients whose tumour was tested on plasma only need confirmation on tissue before the first dose',
    );
    expect(criteriaLines('Inclusion Criteria:\n* Age 18 or over\n* ECOG 0-1')).toEqual(['Inclusion Criteria:', '* Age 18 or over', '* ECOG 0-1']);
  });

  it('a heading with other words is a heading; a criterion ending in "criteria" and one opening with a number stay criteria', async () => {
    const a = await answerQuestion('exclusion criteria of NCT09000001', sources(), 'en');
    expect(a.content).toMatch(/Known interstitial lung disease/);
    expect(a.content).toMatch(/Spinal cord compression unless treated as per institutional criteria/);
    expect(a.content).not.toMatch(/KRAS G12C/);
    const age = await answerQuestion('age limits NCT09000001', sources(), 'en');
    expect(age.content).toMatch(/21-75 years old/);
  });

  it('a question about what is wrapped over two lines finds the whole criterion', async () => {
    const a = await answerQuestion('NCT09000001 is plasma testing enough for KRAS?', sources(), 'en');
    expect(a.content).toMatch(/confirmation on tissue/);
    expect(cited(a)).toBe(true);
  });
});

describe('words read as the record’s own', () => {
  it.each([
    // Spanish and Italian cognates the glossary does not hold
    ['NCT09000001 anticoagulantes?', 'es', /warfarin/],
    ['NCT09000001 vaccini consentiti?', 'it', /Live vaccines/],
    ['NCT09000001 esclude chi ha ricevuto vaccini vivi?', 'it', /Live vaccines/],
    // and words Spanish and Italian spell regularly otherwise (-zione/-ción → -tion, ip- → hyp-, e- → he-, tt → ct)
    ['NCT09000001 epatite attiva?', 'it', /Active hepatitis B/],
    ['¿el NCT09000001 excluye la hipertensión?', 'es', /Uncontrolled hypertension/],
    ['NCT09000001 ipertensione non controllata', 'it', /Uncontrolled hypertension/],
    // an abbreviation the record spells out
    ['NCT09000001 ild ok?', 'en', /interstitial lung disease/],
    // names joined by a slash, and lines of therapy shortened
    ['does NCT09000001 need prior pd-l1 therapy', 'en', /anti-PD-1\/PD-L1/],
    ['NCT09000001 2L chemo done?', 'en', /second-line chemotherapy/],
    ['¿el NCT09000001 exige quimio de segunda línea?', 'es', /second-line chemotherapy/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
    expect(a.citations.some((c) => c.kind === 'criterion' && c.trialId === wrapped.id)).toBe(true);
  });

  it('an abbreviation the record does not spell out is not read as anything', async () => {
    const a = await answerQuestion('NCT09000001 hcc allowed?', sources(), 'en');
    expect(a.content).not.toMatch(/interstitial|warfarin|vaccines/);
  });

  it('"which cancers does it include" lists the trial’s conditions', async () => {
    const a = await answerQuestion('¿qué cánceres incluye el NCT09000001?', sources(), 'es');
    expect(a.content).toMatch(/Non-Small Cell Lung Cancer; Colorectal Cancer; Pancreatic Cancer/);
    expect(cited(a)).toBe(true);
  });
});

describe('a drug the record names otherwise', () => {
  it('says the record’s name and the one asked: the same drug', async () => {
    const a = await answerQuestion('has she had leuprolide?', sources(), 'en');
    expect(a.content).toMatch(/leuprorelin \(leuprolide\)/);
    expect(a.content).not.toMatch(/tamoxifen/);
    expect(a.citations[0]).toMatchObject({ kind: 'patient', id: 'p1' });
  });
});

describe('advice stays declined', () => {
  it.each([
    ['posso fare il vaccino antinfluenzale durante la chemio?', 'it'],
    ['can she get the flu shot during chemo', 'en'],
    ['¿puede vacunarse de la gripe mientras recibe quimio?', 'es'],
    ['what dose of warfarin is safe', 'en'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBe(true);
    expect(a.citations).toEqual([]);
  });

  it.each([
    ['how many tablets of dexamethasone should she take before the infusion', 'en'],
    ['can I double the morphine tonight', 'en'],
    ['¿cuánto ibuprofeno le doy si tiene fiebre?', 'es'],
    ['¿puedo dejar de tomar el letrozol una semana?', 'es'],
    ['quante compresse di cortisone devo prendere?', 'it'],
    ['posso sospendere il tamoxifene prima del viaggio?', 'it'],
  ] as const)('dosing or self-medication advice, whatever the drug: %s', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBe(true);
    expect(a.citations).toEqual([]);
  });

  it('questions with the same words about trials are still answered', async () => {
    for (const q of [
      'can she take part in NCT09000001?',
      'how many patients will NCT09000001 enrol?',
      'must steroids be reduced to 10 mg before NCT09000001?',
    ]) {
      const a = await answerQuestion(q, sources(), 'en');
      expect([q, a.declined ?? false]).toEqual([q, false]);
    }
  });

  it('a trial’s own rule on vaccines is answered from its record', async () => {
    const a = await answerQuestion('are live vaccines allowed on NCT09000001?', sources(), 'en');
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/Live vaccines within 30 days/);
  });
});

describe('a request to act, not a question', () => {
  it.each([
    ['mándale un whatsapp a la paciente con el informe', 'es', /No puedo hacerlo/],
    ['email her the results of the NGS report', 'en', /I can't do that/],
    ['scrivigli un sms con il referto', 'it', /Non posso farlo/],
    ['prenota la TAC di controllo', 'it', /Non posso farlo/],
    ['send the patient a summary of NCT09000001', 'en', /I can't do that/],
    // an imperative of sending with its channel or recipient, without a clitic
    ['forward the NGS findings to the surgeon', 'en', /I can't do that/],
    ['envía el informe por e-mail a su oncólogo', 'es', /No puedo hacerlo/],
    ['reenvía la lista de ensayos al cirujano', 'es', /No puedo hacerlo/],
    ['invia il riassunto al medico di base', 'it', /Non posso farlo/],
    ["inoltra l'esito della PET all'oncologo", 'it', /Non posso farlo/],
  ] as const)('%s: declined in the question’s language, nothing quoted', async (q, lang, said) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBe(true);
    expect(a.citations).toEqual([]);
    expect(a.content).toMatch(said);
  });

  it('questions that only name a message or a call are still answered', async () => {
    for (const q of [
      'which exclusion criteria does NCT09000001 call for?',
      'exclusion criteria of NCT09000001',
      'does NCT09000001 send samples to a central lab?',
    ]) {
      const a = await answerQuestion(q, sources(), 'en');
      expect([q, a.declined ?? false]).toEqual([q, false]);
    }
  });
});
