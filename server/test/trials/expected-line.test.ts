import { TrialIndex, matchPatient, matchTrial, quickHolds, viewPatient } from '../../src/trials/matcher';
import { VerdictTally, verdictOf } from '../../src/trials/matcher/verdict';
import { DIM_PRIOR, DIM_SETTING } from '../../src/trials/criteria/types';
import { compileEligibility } from '../../src/trials/compiler';
import { P, trial } from './helpers';

/**
 * Issue 28, read by an oncologist on bench:patients (judge 1's reasons): phase 1 and pan-tumour phase 2 trials for
 * advanced solid tumours that state no line of therapy were shown as "Match" to untreated patients, who in practice
 * receive their standard first-line therapy first. Such a trial gets one derived inclusion, "at least one prior line",
 * that never decides alone; an untreated patient is then "unknown" (never excluded), a pretreated one still a match.
 */
const TEXT = `Inclusion Criteria:
- Histologically confirmed locally advanced or metastatic solid tumor
- ECOG performance status 0 or 1
Exclusion Criteria:
- Pregnancy`;
const early = (phases: Array<'early_1' | '1' | '2' | '3'>, extra: { text?: string; title?: string } = {}) =>
  trial('NCT90000888', extra.text ?? TEXT, {
    phases,
    briefTitle: extra.title ?? 'A Study of XYZ-1 in Participants With Advanced Solid Tumors',
    conditions: ['Solid Tumor'],
  });
const base = { oncotreeCode: 'CCRCC', age: 61, gender: 'male' as const, ecog: 1, metastatic: true };
const derived = (t: ReturnType<typeof early>) =>
  t.eligibility.criteria.filter((c) => c.origin === 'derived' && c.spec.kind === 'prior_therapy' && c.source.startsWith('Phase '));

describe('an early-phase trial for advanced disease that states no line of therapy', () => {
  it('derives "at least one prior line" below the deciding confidence, from its phase', () => {
    const [c] = derived(early(['1']));
    expect(c).toMatchObject({ polarity: 'inclusion', spec: { kind: 'prior_therapy', minLines: 1 }, origin: 'derived' });
    expect(c.confidence).toBeLessThan(0.6);
    expect(c.source).toMatch(/^Phase 1: /);
    expect(derived(early(['early_1']))).toHaveLength(1);
    expect(derived(early(['1', '2']))).toHaveLength(1);
    // a phase 2 open to several tumour types ("Advanced Solid Tumors")
    expect(derived(early(['2']))).toHaveLength(1);
  });
  it('derives nothing where the trial states its line, opens itself to untreated patients, or is not early-phase', () => {
    expect(derived(early(['3']))).toHaveLength(0);
    // a phase 2 of one disease
    expect(
      derived(trial('NCT90000889', TEXT, { phases: ['2'], briefTitle: 'XYZ-1 in Metastatic Renal Cell Carcinoma', conditions: ['Renal Cell Carcinoma'] })),
    ).toHaveLength(0);
    expect(
      derived(early(['1'], { text: `${TEXT.replace('Exclusion', '- Progressed on at least one prior line of systemic therapy\nExclusion')}` })),
    ).toHaveLength(0);
    expect(derived(early(['1'], { text: `${TEXT.replace('Exclusion', '- Treatment-naive patients are eligible for cohort B\nExclusion')}` }))).toHaveLength(0);
    expect(derived(early(['1'], { title: 'First-line XYZ-1 in Advanced Solid Tumors' }))).toHaveLength(0);
    // no advanced setting required
    expect(derived(early(['1'], { text: 'Inclusion Criteria:\n- ECOG performance status 0 or 1', title: 'A Study of XYZ-1 in Solid Tumors' }))).toHaveLength(0);
  });
  it('an untreated patient: unknown, never excluded; the line is shown', () => {
    const r = matchTrial(early(['1']), viewPatient(P({ ...base, priorLines: 0 })));
    expect(r.verdict).toBe('unknown');
    expect(r.coverage?.notChecked).toContain('prior_therapy');
    const line = r.results.find((x) => x.kind === 'prior_therapy')!;
    expect(line.status).toBe('no_match');
    expect(line.confidence).toBeLessThan(0.6);
  });
  it('a pretreated patient: a match', () => {
    expect(matchTrial(early(['1']), viewPatient(P({ ...base, priorTreatments: [{ name: 'sunitinib', kind: 'drug', progressed: true }] }))).verdict).toBe(
      'match',
    );
    expect(matchTrial(early(['1']), viewPatient(P({ ...base, priorLines: 2 }))).verdict).toBe('match');
  });
  it('the ranked search (hot loop) and the explained results give the same verdicts', () => {
    const t = early(['1']);
    const index = new TrialIndex([t]);
    for (const p of [{ priorLines: 0 }, { priorLines: 1 }, {}]) {
      const alone = matchTrial(t, viewPatient(P({ ...base, ...p })));
      const [r] = matchPatient(index, P({ ...base, ...p }), { limit: 5, verdicts: ['match', 'unknown', 'not_eligible', 'no_match'] });
      expect(r?.verdict).toBe(alone.verdict);
      expect(verdictOf(alone.results).verdict).toBe(alone.verdict);
    }
  });
});

describe('the verdict rule: a setting or prior-therapy inclusion the record does not show met', () => {
  it('not met at a confidence that does not decide alone: unknown, not excluded', () => {
    const t = new VerdictTally().reset();
    t.criterion(1, 1, true, true, true, true);
    t.criterion(0, DIM_PRIOR, false, false, true, true);
    expect(t.verdict()).toBe('unknown');
    const s = new VerdictTally().reset();
    s.criterion(1, 1, true, true, true, true);
    s.criterion(0, DIM_SETTING, false, false, true, true);
    expect(s.verdict()).toBe('unknown');
  });
  it('unknown at a deciding confidence: unknown, with the prior therapy not checked', () => {
    const t = new VerdictTally().reset();
    t.criterion(1, 1, true, true, true, true);
    t.criterion(-1, DIM_PRIOR, false, true, true, true);
    expect(t.verdict()).toBe('unknown');
    expect(t.result().coverage.notChecked).toContain('prior_therapy');
  });
  it('an exclusion, or another dimension, not met below the deciding confidence leaves the match', () => {
    const t = new VerdictTally().reset();
    t.criterion(1, 1, true, true, true, true);
    t.criterion(0, DIM_PRIOR, false, false, true, false);
    t.criterion(0, 4, false, false, true, true);
    expect(t.verdict()).toBe('match');
  });
});

describe('lines the record does not count', () => {
  it('a systemic therapy given outside the (neo)adjuvant setting meets a minimum of one line, never decides a maximum', () => {
    const v = viewPatient(P({ priorTreatments: [{ name: 'osimertinib', kind: 'drug', progressed: true }] }));
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 1 }, v)).toBe(true);
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 2 }, v)).toBeUndefined();
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 1, maxLines: 3 }, v)).toBeUndefined();
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], maxLines: 0 }, v)).toBeUndefined();
    const adjuvant = viewPatient(P({ priorTreatments: [{ name: 'capecitabine', kind: 'drug', setting: 'adjuvant' }] }));
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 1 }, adjuvant)).toBeUndefined();
  });
});

describe('sentences about toxicity left by prior therapy, or a therapy named by its mechanism', () => {
  const read = (s: string) => compileEligibility(`Exclusion Criteria:\n- ${s}`, { idPrefix: 't' }).filter((c) => c.spec.kind === 'prior_therapy');
  it('are not prior-therapy statements ("any prior systemic therapy" excluded)', () => {
    expect(read('Adverse events from prior anti-cancer therapy that have not resolved to Grade ≤ 1 except for alopecia')).toHaveLength(0);
    expect(read('Any history of an immune-mediated Grade 4 adverse event attributed to prior cancer immunotherapy')).toHaveLength(0);
    expect(
      read('Prior treatment with investigational product which has MoA of Treg depletion').filter((c) => c.spec.kind === 'prior_therapy' && c.spec.anySystemic),
    ).toHaveLength(0);
  });
  it('prior therapy itself is still read', () => {
    expect(read('Prior systemic anti-cancer therapy for metastatic disease')).toHaveLength(1);
    expect(read('Prior treatment with an immune checkpoint inhibitor')).toHaveLength(1);
  });
});

describe('a line of therapy with ways in without the therapy', () => {
  const read = (s: string) => compileEligibility(`Inclusion Criteria:\n- ${s}`, { idPrefix: 't' });
  it('"failed, are ineligible, refused, or become intolerant to at least first line" is no count of lines: unread and deciding', () => {
    const c = read(
      'Stage 3 or Stage 4 CRC, NSCLC, or STS who have failed, are ineligible, refused, or become intolerant to at least first line (but no more than 4 lines)',
    );
    expect(c.filter((x) => x.spec.kind === 'prior_therapy')).toHaveLength(0);
    expect(c.some((x) => x.spec.kind === 'free_text' && x.spec.decides === 'line_of_therapy')).toBe(true);
  });
  it('a line without such a way in is still counted', () => {
    expect(read('Progressed on at least one prior line of systemic therapy').filter((x) => x.spec.kind === 'prior_therapy')).toHaveLength(1);
  });
});
