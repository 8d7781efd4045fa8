import fs from 'node:fs';
import path from 'node:path';
import type { CriterionResult, CriterionTree, PatientData, Trial } from '@oncodesk/shared/contracts';
import { PatientData as PatientSchema } from '@oncodesk/shared/contracts';
import { parseCtml, parseMatchTree } from '../../src/trials/importers/ctml';
import { evaluateTree } from '../../src/trials/matcher/verdict';
import { TrialIndex, matchPatient, matchTrial, viewPatient } from '../../src/trials/matcher';
import { TRIALS_DIR } from './helpers';

const BOOL_DIR = path.join(TRIALS_DIR, 'ctml', 'ctml_boolean_cases');
const INT_DIR = path.join(TRIALS_DIR, 'ctml', 'integration_trials');

/** Independent reading of a MatchMiner tree: lists and leaf objects AND their entries; "or" ORs. */
function evalRaw(node: unknown, truth: Map<string, boolean>): boolean {
  if (Array.isArray(node)) return node.every((n) => evalRaw(n, truth));
  return Object.entries(node as Record<string, unknown>).every(([k, v]) => {
    if (k === 'and') return (v as unknown[]).every((n) => evalRaw(n, truth));
    if (k === 'or') return (v as unknown[]).some((n) => evalRaw(n, truth));
    return truth.get(k)!;
  });
}

function leaves(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => leaves(n, out));
  else for (const [k, v] of Object.entries(node as Record<string, unknown>)) (k === 'and' || k === 'or' ? leaves(v, out) : out.add(k));
  return out;
}

function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('CTML boolean cases (shared ctml_boolean_cases)', () => {
  const files = fs.readdirSync(BOOL_DIR).filter((f) => f.endsWith('.json'));
  it('has the nine shared cases', () => expect(files.length).toBe(9));
  it.each(files)('%s: the compiled tree agrees with the source tree on 512 assignments and in 3-valued logic', (f) => {
    const raw = JSON.parse(fs.readFileSync(path.join(BOOL_DIR, f), 'utf8'));
    const tree: CriterionTree = parseMatchTree(raw, (key) => [{ ref: key }]);
    const keys = [...leaves(raw)];
    const rand = rng(keys.length * 7919 + f.length);
    const assignments: Array<Map<string, boolean>> = [new Map(keys.map((k) => [k, true])), new Map(keys.map((k) => [k, false]))];
    for (let i = 0; i < 510; i++) assignments.push(new Map(keys.map((k) => [k, rand() < 0.6])));
    let trues = 0;
    for (const a of assignments) {
      const byId = new Map<string, CriterionResult>(keys.map((k) => [k, { status: a.get(k) ? 'match' : 'no_match' } as CriterionResult]));
      const got = evaluateTree(tree, byId);
      const want = evalRaw(raw, a);
      expect(got).toBe(want ? 'match' : 'no_match');
      if (want) trues++;
    }
    // the sample exercises both outcomes
    expect(trues).toBeGreaterThan(0);
    expect(trues).toBeLessThan(assignments.length);
    // unknown leaves: result is unknown exactly when both completions disagree
    for (const a of assignments.slice(0, 64)) {
      const k = keys[Math.floor(rand() * keys.length)];
      const byId = new Map<string, CriterionResult>(keys.map((x) => [x, { status: x === k ? 'unknown' : a.get(x) ? 'match' : 'no_match' } as CriterionResult]));
      const t = evalRaw(raw, new Map([...a, [k, true]]));
      const fl = evalRaw(raw, new Map([...a, [k, false]]));
      expect(evaluateTree(tree, byId)).toBe(t === fl ? (t ? 'match' : 'no_match') : 'unknown');
    }
  });
});

function load(name: string): Trial {
  const r = parseCtml(fs.readFileSync(path.join(INT_DIR, `${name}.json`), 'utf8'), name);
  expect(r.errors).toEqual([]);
  expect(r.trials).toHaveLength(1);
  return r.trials[0];
}

const patient = (p: Partial<PatientData>): PatientData => PatientSchema.parse(p);

function cohortVerdicts(trial: Trial, p: PatientData) {
  const r = matchTrial(trial, viewPatient(p));
  return Object.fromEntries(r.cohorts.map((c) => [c.cohortId, { verdict: c.verdict, open: c.open }]));
}

describe('CTML integration trials (shared integration_trials)', () => {
  it('imports every integration trial without errors', () => {
    for (const f of fs.readdirSync(INT_DIR)) {
      const r = parseCtml(fs.readFileSync(path.join(INT_DIR, f), 'utf8'), f);
      expect(r.errors).toEqual([]);
      expect(r.trials[0].cohorts.length).toBeGreaterThan(0);
      expect(r.trials[0].source).toBe('ctml');
    }
  });

  it('wildcard protein change p.V600 matches V600E and V600K, not K601E', () => {
    const t = load('wildcard_protein_found');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] })).step1.verdict).toBe('match');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'BRAF', proteinChange: 'p.V600K', category: 'mutation' }] })).step1.verdict).toBe('match');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'BRAF', proteinChange: 'K601E', category: 'mutation' }] })).step1.verdict).toBe('no_match');
  });

  it('wildcard p.R911 on ARID1A does not match R91X or R9110', () => {
    const t = load('wildcard_protein_not_found');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'ARID1A', proteinChange: 'R91*', category: 'mutation' }] })).step1.verdict).toBe('no_match');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'ARID1A', proteinChange: 'R9110Q', category: 'mutation' }] })).step1.verdict).toBe('no_match');
    expect(cohortVerdicts(t, patient({ alterations: [{ gene: 'ARID1A', proteinChange: 'R911*', category: 'mutation' }] })).step1.verdict).toBe('match');
  });

  it('age_numerical ">18" and "<18"', () => {
    const older = load('older_than_18');
    const younger = load('younger_than_18');
    expect(cohortVerdicts(older, patient({ age: 19 })).armDOSE.verdict).toBe('match');
    expect(cohortVerdicts(older, patient({ age: 18 })).armDOSE.verdict).not.toBe('match');
    expect(cohortVerdicts(younger, patient({ age: 17 })).armDOSE.verdict).toBe('match');
    expect(cohortVerdicts(younger, patient({ age: 18 })).armDOSE.verdict).not.toBe('match');
  });

  it('tmb_numerical comparisons in an or-tree', () => {
    const t = load('tmb');
    expect(cohortVerdicts(t, patient({ tmb: 12 })).armDOSE.verdict).toBe('match'); // >=10
    expect(cohortVerdicts(t, patient({ tmb: 50 })).armDOSE.verdict).toBe('match'); // >15
    expect(cohortVerdicts(t, patient({})).armDOSE.verdict).toBe('unknown');
  });

  it('negation with "!": BRAF V600 mutation required in ARM1 and excluded in ARM2 of 11-112 (YAML), OncoTree subtree expansion', () => {
    const r = parseCtml(fs.readFileSync(path.join(TRIALS_DIR, 'ctml', 'ctml_11-112.yaml'), 'utf8'), 'ctml_11-112.yaml');
    expect(r.errors).toEqual([]);
    const t = r.trials[0];
    // "Melanoma" covers its OncoTree subtree: cutaneous melanoma (SKCM) matches
    const mel = patient({ age: 60, oncotreeCode: 'SKCM', alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] });
    const v = cohortVerdicts(t, mel);
    expect(v.armARM1.verdict).toBe('match');
    expect(v.armARM2.verdict).toBe('no_match');
    const wt = patient({ age: 60, oncotreeCode: 'SKCM', alterations: [{ gene: 'NRAS', proteinChange: 'Q61R', category: 'mutation' }] });
    expect(cohortVerdicts(t, wt).armARM2.verdict).toBe('match');
    // a lung adenocarcinoma is outside every melanoma subtree
    expect(cohortVerdicts(t, patient({ age: 60, oncotreeCode: 'LUAD', alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] })).armARM1.verdict).toBe('no_match');
  });

  it('suspension: closed dose levels, closed arms and closed trials mark cohorts closed', () => {
    const open = load('all_open');
    const closedDose = load('closed_dose');
    const allClosed = load('all_closed');
    const trialClosed = load('all_closed_trial_closed');
    const egfr = patient({ age: 60, oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'E746_A750del', category: 'mutation' }] });
    expect(cohortVerdicts(open, egfr)['armARM 1'].open).toBe(true);
    expect(cohortVerdicts(closedDose, egfr)['armARM 1'].open).toBe(false);
    expect(cohortVerdicts(allClosed, egfr).step1.open).toBe(false);
    expect(cohortVerdicts(trialClosed, egfr).step1.open).toBe(false);
    expect(trialClosed.overallStatus).toBe('active_not_recruiting');
    // In_Frame_Del EGFR in NSCLC: the exon-19 deletion matches, L858R does not
    expect(cohortVerdicts(open, egfr)['armARM 1'].verdict).toBe('match');
    const l858r = patient({ age: 60, oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }] });
    expect(cohortVerdicts(open, l858r)['armARM 1'].verdict).toBe('no_match');
  });

  it('structural variants: "!Structural Variation" on TP53 and any-gene partners', () => {
    const t = load('structured_sv');
    const fusion = patient({ age: 50, oncotreeCode: 'SKCM', alterations: [{ gene: 'NPM1', category: 'fusion' }] });
    expect(cohortVerdicts(t, fusion).armDOSE.verdict).toBe('match');
    const tp53sv = patient({ age: 50, oncotreeCode: 'SKCM', alterations: [{ gene: 'NPM1', category: 'fusion' }, { gene: 'TP53', category: 'fusion' }] });
    expect(cohortVerdicts(t, tp53sv).armDOSE.verdict).toBe('no_match');
  });

  it('signatures stay unknown (not in the patient record) and never match by accident', () => {
    const t = load('signatures');
    expect(cohortVerdicts(t, patient({ age: 50 })).armDOSE.verdict).toBe('unknown');
  });

  it('a CTML trial is found through the index by gene and ranked with its best open cohort', () => {
    const idx = new TrialIndex([load('run_log_two_arms'), load('wildcard_protein_found')]);
    const res = matchPatient(idx, patient({ age: 60, oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'E746_A750del', category: 'mutation' }] }));
    expect(res[0].trialId).toBe(idx.entries[0].trial.id);
    expect(res[0].verdict).toBe('match');
    expect(res[0].cohorts.find((c) => c.cohortId === 'armARM 2')?.open).toBe(false);
  });
});
