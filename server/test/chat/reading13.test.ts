/**
 * Session 13's general mechanisms, each with a record and phrasings of our own (not a bench question's):
 * - a translated status or phase carries the record's own term (the answer is in the question's language and still
 *   quotes what the source writes);
 * - a criteria heading ("Cohort B:") is read with the line under it, so a question about what it heads finds it;
 * - the glossary reads Spanish and Italian words that have no English cognate in the sources ("margine anale", "timoma");
 * - a question about cities asks for the trial's sites;
 * - a phase or overview question that asks something more precise is answered by the record's sentence about it;
 * - a biomarker asked for as such is answered by the record's sentences that name a gene;
 * - an elided article ("l'antiandrogeno") is a word apart; a washout is the length of time a record states ("four weeks").
 */
import type { Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, parseQuestion, type ChatSources } from '../../src/chat/engine';
import { trial } from '../trials/helpers';

const cohorts: Trial = {
  ...trial(
    'NCT00000301',
    'Inclusion Criteria:\n\n1. Age 18 or older\n\n1a. Phase IB: patients must have wild type KRAS.\n\n1b. At least 3 weeks since prior antiandrogen treatment\n\n1c. More than four weeks must have elapsed since completion of any prior systemic therapy\n\n2. Cohort A:\n\n- NSCLC which harbours an EGFR exon 19 deletion.\n\n3. Cohort B:\n\n- NSCLC which harbours an STK11 mutation documented by a certified test.\n\n4. Distance of the tumour within 10 cm of the anal verge\n\n5. Patients with a thymoma are eligible\n\n6. Archival tumour tissue for determination of FGFR2 status\n\nExclusion Criteria:\n\n1. Pregnancy',
    { briefTitle: 'A study of drug Y in lung and rectal cancer', phases: ['2', '3'] },
  ),
  overallStatus: 'not_yet_recruiting',
};
const TRIALS = new Map([[cohorts.id, cohorts]]);
const sources = (): ChatSources =>
  ({
    context: {},
    trial: (id: string) => TRIALS.get(id),
    catalogue: () => [...TRIALS.values()],
    documents: async () => [],
  }) as unknown as ChatSources;

describe('the record term beside a translated status or phase', () => {
  it.each([
    ['¿en qué fase está el NCT00000301?', 'es', /fase 2\/3 \(en el registro: Phase 2\/Phase 3\)/],
    ['NCT00000301 sta già arruolando?', 'it', /non ancora in arruolamento \(nella scheda: not yet recruiting\)/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
    expect(a.citations.some((c) => c.trialId === cohorts.id)).toBe(true);
  });

  it('an English answer gives the term once', async () => {
    const a = await answerQuestion('what phase is NCT00000301', sources(), 'en');
    expect(a.content).toMatch(/is a phase 2\/3 study; status: not yet recruiting\./);
    expect(a.content).not.toMatch(/as the record writes it/);
  });
});

describe('a criteria heading read with the line under it', () => {
  it.each([
    ['who goes in cohort B of NCT00000301', 'en'],
    ['qué pacientes entran en la cohorte B del NCT00000301', 'es'],
    ['NCT00000301 coorte B quali pazienti', 'it'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/Cohort B: NSCLC which harbours an STK11 mutation/);
  });
});

describe('glossary words with no English cognate', () => {
  it.each([
    ['NCT00000301 distanza dal margine anale', 'it', /anal verge/],
    ['¿admite timoma el NCT00000301?', 'es', /thymoma/],
    ['timoma ammesso nel NCT00000301', 'it', /thymoma/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
  });
});

describe('cities ask for sites', () => {
  it.each(['en qué ciudades se hace el NCT00000301', 'in quali città si fa il NCT00000301', 'which cities is NCT00000301 in'])('%s', (q) => {
    expect(parseQuestion(q).intent).toBe('sites');
  });
});

describe('a phase or overview question that asks more', () => {
  it.each([
    ['kras status for phase ib of NCT00000301', 'en', /Phase IB: patients must have wild type KRAS/],
    ["quanto tempo dopo l'antiandrogeno per il NCT00000301", 'it', /At least 3 weeks since prior antiandrogen/],
    ['NCT00000301 washout dalla terapia sistemica', 'it', /More than four weeks must have elapsed/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(says);
  });

  it('"sta già arruolando?" still asks the status', async () => {
    const a = await answerQuestion('NCT00000301 sta già arruolando?', sources(), 'it');
    expect(a.content).toMatch(/^NCT00000301 è uno studio di fase/);
  });
});

describe('a biomarker asked for as such', () => {
  it.each([
    ['what biomarker does NCT00000301 look at', 'en'],
    ['qué biomarcador necesita el NCT00000301', 'es'],
    ['NCT00000301 biomarcatore', 'it'],
  ] as const)('%s', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(a.content).toMatch(/FGFR2 status/);
  });
});
