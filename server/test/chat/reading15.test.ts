/**
 * Session 15's general mechanisms, each with records and phrasings of our own (not a bench question's):
 * - a treatment a trial tests asked for by its kind ("which chemotherapy does NCT… use", "¿qué inmunoterapia se usa?")
 *   is its interventions;
 * - a record that lists no interventions answers with its summary's sentences that name a drug, quoted and cited;
 * - Spanish and Italian words whose stems share no English one are read as the record's ("marcapasos", "piccole
 *   cellule", "retto", "colorrectal"); "clearance creatinina" is the creatinine clearance in any word order;
 * - a stage below T1 ("pTa", "Tis") is a stage; a disease that "progressed on at least one … therapy" had a prior line;
 * - a drug class named in the question finds the record's sentence that names only the class's drugs;
 * - a long criterion whose parts are joined by semicolons is quoted from the part that answers.
 */
import type { Trial } from '@oncodesk/shared/contracts';
import { answerQuestion } from '../../src/chat/engine';
import { trial } from '../trials/helpers';
import { catalogueSources } from './catalogueSources';

const tested: Trial = {
  ...trial(
    'NCT00000501',
    [
      'Inclusion Criteria:',
      '',
      '1. Histologically confirmed pleural mesothelioma',
      '2. The disease progressed on at least one platinum-based therapy given for advanced disease',
      '3. Patients must have adequate marrow function defined as neutrophils of >/= 1,500/mm3 and platelets of >/= 100,000/mm3; adequate liver function defined as total bilirubin </= 1.5 mg/dl and transaminases </= 3 times the upper limit of normal; adequate kidney function defined as a creatinine clearance >/= 45 ml/min by Cockcroft-Gault.',
      '4. Ongoing endocrine treatment with an AI (anastrozole or letrozole) is permitted',
      '5. Tumour of the lower third of the rectum is not a concern here',
      '',
      'Exclusion Criteria:',
      '',
      '1. Prior chemotherapy with pemetrexed within 6 months',
      '2. Cardiac pacemaker or other implanted electronic device',
      '3. Sarcomatoid or small cell histology',
      '4. Colorectal cancer within the last 5 years',
      '5. Squamous cell carcinoma of the skin treated within 3 years',
    ].join('\n'),
    { briefTitle: 'Pemetrexed with drug Y in pleural mesothelioma', phases: ['2'], conditions: ['Mesothelioma'] },
  ),
  interventions: [
    { name: 'Drug Y', type: 'drug', otherNames: [], drugs: [] },
    { name: 'Pemetrexed', type: 'drug', otherNames: [], drugs: ['pemetrexed'] },
  ],
} as Trial;

const observed: Trial = {
  ...trial(
    'NCT00000502',
    ['Inclusion Criteria:', '', '1. Adults with metastatic melanoma treated in routine care', '2. Non-muscle invasive disease, pTa or Tis at diagnosis'].join(
      '\n',
    ),
    {
      briefTitle: 'Registry of immune-related adverse events in melanoma',
      phases: [],
      conditions: ['Melanoma'],
    },
  ),
  studyType: 'observational',
  summary:
    'This registry follows adults with melanoma. Patients receive nivolumab together with ipilimumab as prescribed in routine care, and their immune-related adverse events are recorded.',
} as Trial;

const sources = catalogueSources([tested, observed]);

const ask = async (q: string, lang: 'en' | 'es' | 'it', focus?: string) => answerQuestion(q, sources(focus), lang);

describe('a treatment asked for by its kind is the trial’s interventions', () => {
  it.each([
    ['which chemotherapy does NCT00000501 use', 'en', /^Interventions of NCT00000501:/],
    ['what experimental therapy is being tested in NCT00000501', 'en', /^Interventions of NCT00000501:/],
    ['¿qué quimioterapia se usa en el NCT00000501?', 'es', /^Intervenciones de NCT00000501:/],
    ['quale terapia sperimenta lo studio NCT00000501', 'it', /^Interventi di NCT00000501:/],
  ] as const)('%s', async (q, lang, header) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(header);
    expect(a.content).toMatch(/- Pemetrexed \(drug\)/);
    expect(a.citations.some((c) => c.trialId === tested.id)).toBe(true);
  });

  it('a question of what the trial requires stays a criteria question', async () => {
    const a = await ask('what prior chemotherapy is excluded by NCT00000501', 'en');
    expect(a.content).toMatch(/pemetrexed within 6 months/);
  });
});

describe('a record that lists no interventions', () => {
  it.each([
    ['what is nivolumab given with in NCT00000502', 'en', /The record of NCT00000502 lists no interventions\./],
    ['¿con qué se combina el nivolumab en el NCT00000502?', 'es', /El registro de NCT00000502 no indica intervenciones\./],
    ['con cosa si associa il nivolumab nello studio NCT00000502', 'it', /La scheda di NCT00000502 non elenca interventi\./],
  ] as const)('quotes its summary on the treatment: %s', async (q, lang, none) => {
    const a = await ask(q, lang);
    expect(a.content).toMatch(none);
    expect(a.content).toMatch(/^- Patients receive nivolumab together with ipilimumab as prescribed in routine care/m);
    // (the sentence that names no drug is not quoted)
    expect(a.content).not.toMatch(/This registry follows adults/);
    expect(a.citations.some((c) => c.trialId === observed.id)).toBe(true);
  });
});

describe('the record’s words, asked in Spanish and Italian', () => {
  it.each([
    ['¿se admite un marcapasos en el NCT00000501?', 'es', /Cardiac pacemaker/],
    ['NCT00000501 tumori a piccole cellule?', 'it', /^[^\n]*\n- \[\d\] ✕ Sarcomatoid or small cell histology/],
    ['NCT00000501 tumori del retto?', 'it', /lower third of the rectum/],
    ['¿antecedente de cáncer colorrectal en el NCT00000501?', 'es', /Colorectal cancer within the last 5 years/],
    ['valore minimo di creatinina clearance per NCT00000501', 'it', /creatinine clearance >\/= 45 ml\/min/],
    ['che inibitori dell’aromatasi permette NCT00000501', 'it', /anastrozole or letrozole/],
    ['¿qué inhibidores de la aromatasa acepta el NCT00000501?', 'es', /anastrozole or letrozole/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await ask(q, lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
    expect(a.citations.some((c) => c.trialId === tested.id)).toBe(true);
  });

  it('the follow-up "¿y las de células pequeñas?" on the trial in focus', async () => {
    const a = await ask('¿y las de células pequeñas?', 'es', tested.id);
    expect(a.declined).toBeFalsy();
    // (the first quoted: a squamous cell carcinoma is also a cell, not a small one)
    expect(a.content).toMatch(/^[^\n]*\n- \[\d\] ✕ Sarcomatoid or small cell histology/);
  });
});

describe('stages and lines as records write them', () => {
  it.each([
    ['what stage does NCT00000502 take', 'en'],
    ['che stadio richiede lo studio NCT00000502', 'it'],
  ] as const)('a stage below T1 is a stage: %s', async (q, lang) => {
    const a = await ask(q, lang);
    expect(a.content).toMatch(/Non-muscle invasive disease, pTa or Tis/);
  });

  it.each([
    ['does NCT00000501 need a previous line', 'en'],
    ['¿el NCT00000501 exige una línea previa?', 'es'],
  ] as const)('a disease that progressed on a regimen had a prior line: %s', async (q, lang) => {
    const a = await ask(q, lang);
    expect(a.content).toMatch(
      /^- \[\d\] … The disease progressed on at least one platinum-based therapy|^- \[\d\] The disease progressed on at least one platinum-based therapy/m,
    );
  });

  it('a semicolon-joined criterion is quoted from the part that answers', async () => {
    const a = await ask('NCT00000501 creatinine clearance cut-off', 'en');
    expect(a.content).toMatch(/^- \[\d\] … adequate kidney function defined as a creatinine clearance >\/= 45 ml\/min/m);
  });
});
