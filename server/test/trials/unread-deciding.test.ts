import { TrialIndex, matchPatient, matchTrial, scoreBothPaths, viewPatient } from '../../src/trials/matcher';
import { verdictOf } from '../../src/trials/matcher/verdict';
import type { Trial } from '@oncodesk/shared/contracts';
import { decidingTopic } from '../../src/trials/compiler/decidingTopic';
import { compileEligibility } from '../../src/trials/compiler';
import { P, inSharedTrials, trial } from './helpers';

// ATTRACTION-2 (NCT02267343, nivolumab in gastric cancer after standard therapy) as the shared HINT file
// holds it, its line sentence "Refractory to or intolerant of standard therapy" swapped for one the compiler
// does not read and that decides the line of therapy (a way in without prior therapy: not read, see
// compiler/lineOfTherapy.ts); left unread, the trial was "Compatible, high" for a first-line patient.
// The original sentence is read since (test/trials/line-of-therapy.test.ts).
const INCLUSION = [
  'Men & women ≥20 years of age',
  'Unresectable advanced or recurrent gastric cancer (including esophagogastric junction cancer)',
  'Histologically confirmed adenocarcinoma',
  'Refractory to standard therapy OR no standard therapy exists',
  'ECOG Performance Status score 0 or 1',
  'A life expectancy of at least 3 months',
];
const EXCLUSION = [
  'Current or past history of severe hypersensitivity to any other antibody products',
  'Patients with multiple primary cancers',
  'Patients with active, known or suspected autoimmune disease',
];
const text = (inclusion: string[]) =>
  `Inclusion Criteria:\n${inclusion.map((s) => `- ${s}`).join('\n')}\nExclusion Criteria:\n${EXCLUSION.map((s) => `- ${s}`).join('\n')}`;
const extra = { conditions: ['Gastric Cancer'], briefTitle: 'Study of ONO-4538 in Unresectable, Advanced or Recurrent Gastric Cancer', phases: ['3' as const] };
const ATTRACTION2 = trial('NCT02267343', text(INCLUSION), extra);
// the same trial with the two deciding sentences the compiler leaves unread taken out: everything left is read
const READ_ONLY = trial('NCT90000201', text(INCLUSION.filter((s) => !/refractory|adenocarcinoma/i.test(s))), extra);
// unread sentences that decide nothing the matcher decides: logistics, consent-like wording, swallowing
const ADMINISTRATIVE = trial(
  'NCT90000202',
  text([
    ...INCLUSION.filter((s) => !/refractory|adenocarcinoma/i.test(s)),
    'Able to swallow tablets',
    'Adequate venous access for repeated blood sampling',
    'Willing to keep a daily diary of symptoms',
  ]),
  extra,
);

// first line: metastatic gastric adenocarcinoma, no treatment yet
const FIRST_LINE = P({ age: 61, gender: 'male', oncotreeCode: 'STAD', metastatic: true, ecog: 1, priorLines: 0 });
const REFRACTORY = 'Refractory to standard therapy OR no standard therapy exists';

describe('an unread sentence that decides eligibility keeps a trial from being a match', () => {
  it("the sentences are the shared record's, and the lexicon reads which topic they decide", () => {
    expect(inSharedTrials(REFRACTORY)).toBe(true);
    expect(inSharedTrials('Unresectable advanced or recurrent gastric cancer (including esophagogastric junction cancer)')).toBe(true);
    expect(decidingTopic(REFRACTORY)).toBe('line_of_therapy');
    expect(decidingTopic('Histologically confirmed adenocarcinoma')).toBe('subtype');
    expect(decidingTopic('Tumour must harbour an activating EGFR mutation')).toBe('biomarker');
    expect(decidingTopic('Disease must be locally advanced or metastatic')).toBe('setting');
    expect(decidingTopic('Must have received at least one platinum-containing regimen')).toBe('prior_therapy');
    // permissions, washout windows and logistics decide nothing
    expect(decidingTopic('Prior radiotherapy allowed')).toBeUndefined();
    expect(decidingTopic('At least 4 weeks since prior chemotherapy')).toBeUndefined();
    expect(decidingTopic('Able to swallow tablets')).toBeUndefined();
    // sentences of the shared records that name a topic without deciding it: timing, clarifying notes, open lists
    expect(decidingTopic('*Liver function tests should be evaluated prior to each treatment.')).toBeUndefined();
    expect(decidingTopic('Note: central confirmation of ER and/or PgR and/or HER2 negativity is not required for eligibility')).toBeUndefined();
    expect(decidingTopic('Chemotherapy administered in the adjuvant or neoadjuvant setting should not be counted as a systemic therapy')).toBeUndefined();
    expect(decidingTopic('Previously treated or untreated')).toBeUndefined();
    // the compiler keeps the topic on the unread criterion (so the hot loop reads a bit, not text)
    const unread = ATTRACTION2.eligibility.criteria.find((c) => c.source === REFRACTORY)!;
    expect(unread.spec).toEqual({ kind: 'free_text', decides: 'line_of_therapy' });
  });

  it('ATTRACTION-2 is unknown, not a high match, for a first-line patient, with the sentence shown, on every path', () => {
    const index = new TrialIndex([ATTRACTION2, READ_ONLY, ADMINISTRATIVE]);
    const byId = new Map(matchPatient(index, FIRST_LINE).map((r) => [r.trialId, r]));
    const r = byId.get('NCT02267343')!;
    expect(r.verdict).toBe('unknown');
    // everything read holds: medium, the sentence to check
    expect(r.level).toBe('medium');
    expect(r.coverage?.undecidedBy).toEqual([REFRACTORY]);
    // the histology sentence is read under the trial's disease (compiler/histologyInContext.ts): met by a gastric adenocarcinoma
    expect(r.results.find((x) => x.source === 'Histologically confirmed adenocarcinoma')).toMatchObject({ kind: 'diagnosis', status: 'match' });
    const line = r.results.find((x) => x.source === REFRACTORY)!;
    expect(line).toMatchObject({ kind: 'free_text', status: 'unknown', decides: 'line_of_therapy' });
    expect(line.reasonMsg).toEqual({ key: 'freeTextDeciding', params: { topic: '@deciding_line_of_therapy' } });
    // without the unread deciding sentences the same trial is a match: they are what keeps it from one
    expect(byId.get('NCT90000201')!.verdict).toBe('match');
    expect(byId.get('NCT90000201')!.coverage?.undecidedBy).toBeUndefined();
    // the trial page's single-trial path, the verdict over its explained results, and the hot path agree
    const single = matchTrial(ATTRACTION2, viewPatient(FIRST_LINE));
    expect(single).toMatchObject({ verdict: 'unknown', level: 'medium' });
    expect(verdictOf(single.results).verdict).toBe('unknown');
    for (const s of scoreBothPaths(index, FIRST_LINE)) expect([s.id, s.hot]).toEqual([s.id, expect.closeTo(s.full, 9)]);
    // ranked below the trial that is a match
    const order = matchPatient(index, FIRST_LINE).map((x) => x.trialId);
    expect(order.indexOf('NCT90000201')).toBeLessThan(order.indexOf('NCT02267343'));
  });

  it('an unread administrative sentence leaves a match a match', () => {
    const unread = ADMINISTRATIVE.eligibility.criteria.filter((c) => c.spec.kind === 'free_text');
    expect(unread.length).toBeGreaterThan(0);
    for (const c of unread) expect(c.spec).toEqual({ kind: 'free_text' });
    const r = matchTrial(ADMINISTRATIVE, viewPatient(FIRST_LINE));
    expect(r.verdict).toBe('match');
    expect(r.coverage?.undecidedBy).toBeUndefined();
    const [hot] = scoreBothPaths(new TrialIndex([ADMINISTRATIVE]), FIRST_LINE);
    expect(hot.hot).toBeCloseTo(hot.full, 9);
  });

  it("a clinician's override of the sentences decides them: the trial is a match again", () => {
    const deciding = ATTRACTION2.eligibility.criteria.filter((c) => c.spec.kind === 'free_text' && c.spec.decides);
    const overrides = deciding.map((c) => ({ criterionId: `NCT02267343#${c.id}`, status: 'match' as const }));
    const [r] = matchPatient(new TrialIndex([ATTRACTION2]), FIRST_LINE, { overrides });
    expect(r.verdict).toBe('match');
    expect(r.coverage?.undecidedBy).toBeUndefined();
    // one left unread still decides
    const [partial] = matchPatient(new TrialIndex([ATTRACTION2]), FIRST_LINE, { overrides: overrides.slice(1) });
    expect(partial.verdict).toBe('unknown');
  });

  it('a cohort with an unread deciding sentence is no match; an open cohort whose criteria all hold is', () => {
    const cohort = (id: string, inclusion: string[]) => ({
      id,
      label: `Cohort ${id}`,
      interventions: [],
      open: true,
      criteria: compileEligibility(`Inclusion Criteria:\n${inclusion.map((s) => `- ${s}`).join('\n')}`, { idPrefix: id }),
    });
    const one: Trial = { ...READ_ONLY, id: 'NCT90000204', cohorts: [cohort('A', [REFRACTORY, 'Measurable disease per RECIST 1.1'])] };
    const r = matchTrial(one, viewPatient(FIRST_LINE));
    expect(r.cohorts[0]).toMatchObject({ cohortId: 'A', verdict: 'unknown' });
    expect(r.verdict).toBe('unknown');
    expect(r.coverage?.undecidedBy).toEqual([REFRACTORY]);
    const two: Trial = { ...one, cohorts: [...one.cohorts, cohort('B', ['ECOG performance status 0 or 1'])] };
    expect(matchTrial(two, viewPatient(FIRST_LINE)).verdict).toBe('match');
  });

  it('a sentence for one cohort or one of alternatives does not decide alone', () => {
    const t = trial(
      'NCT90000203',
      text([...INCLUSION.filter((s) => !/refractory|adenocarcinoma/i.test(s)), 'Cohort B only: refractory to standard therapy or no standard therapy exists']),
      extra,
    );
    const c = t.eligibility.criteria.find((x) => /Cohort B/.test(x.source))!;
    expect(c.spec).toEqual({ kind: 'free_text' });
    expect(matchTrial(t, viewPatient(FIRST_LINE)).verdict).toBe('match');
  });
});
