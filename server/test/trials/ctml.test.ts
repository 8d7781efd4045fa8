import fs from 'node:fs';
import path from 'node:path';
import type { CriterionResult, CriterionTree, PatientData, Trial } from '@oncodesk/shared/contracts';
import { PatientData as PatientSchema } from '@oncodesk/shared/contracts';
import { parseCtml, parseMatchTree } from '../../src/trials/importers/ctml';
import { evaluateTree } from '../../src/trials/matcher/verdict';
import { TrialIndex, matchPatient, matchTrial, viewPatient } from '../../src/trials/matcher';
import { finalizeTrial } from '../../src/trials/model';
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

/**
 * The boolean cases through the product's matcher: each leaf of the case becomes a real genomic leaf (a
 * mutation of its own gene), the case is one open arm of a CTML document, imported, compiled and matched
 * like any CTML trial; a patient carries a mutation in the genes of the leaves that hold. The cases carry no
 * expected outcome of their own: the oracle is the independent reading above (MatchMiner's and / or /
 * leaf-object semantics).
 */
describe('CTML boolean cases through import and matchTrial', () => {
  const files = fs.readdirSync(BOOL_DIR).filter((f) => f.endsWith('.json'));
  const GENES = ['EGFR', 'KRAS', 'BRAF', 'ALK', 'ROS1', 'MET', 'RET', 'ERBB2', 'PIK3CA', 'NRAS', 'IDH1', 'IDH2', 'FGFR1', 'FGFR2', 'FGFR3', 'BRCA1', 'BRCA2', 'NTRK1', 'NTRK2', 'NTRK3', 'KIT', 'PDGFRA', 'TP53', 'PTEN', 'AKT1', 'MAP2K1', 'CDK4', 'CDK6', 'ESR1', 'ATM'];
  // a leaf object's entries are AND-ed: one genomic leaf per entry, under an explicit "and"
  const toGenomic = (node: unknown, gene: Map<string, string>): unknown => {
    if (Array.isArray(node)) return node.map((n) => toGenomic(n, gene));
    const entries = Object.entries(node as Record<string, unknown>);
    const parts = entries.map(([k, v]) => (k === 'and' || k === 'or' ? { [k]: (v as unknown[]).map((n) => toGenomic(n, gene)) } : { genomic: { hugo_symbol: gene.get(k), variant_category: 'Mutation' } }));
    return parts.length === 1 ? parts[0] : { and: parts };
  };
  it.each(files)('%s: the arm’s verdict is the case’s truth, two- and three-valued', (f) => {
    const raw = JSON.parse(fs.readFileSync(path.join(BOOL_DIR, f), 'utf8'));
    const keys = [...leaves(raw)];
    expect(keys.length).toBeLessThanOrEqual(GENES.length);
    const gene = new Map(keys.map((k, n) => [k, GENES[n]]));
    const doc = { protocol_no: `bool-${f}`, status: 'open to accrual', treatment_list: { step: [{ step_code: '1', arm: [{ arm_code: 'A', arm_suspended: 'N', match: [toGenomic(raw, gene)] }] }] } };
    const r = parseCtml(JSON.stringify(doc));
    expect(r.errors).toEqual([]);
    const t = r.trials[0];
    // a patient with a mutation in the genes of the true leaves (SMAD4 always: a sequenced record), the
    // unknown leaf's gene altered without saying how (a mutation or not cannot be told)
    const verdict = (a: Map<string, boolean>, unknownKey?: string) =>
      matchTrial(
        t,
        viewPatient(
          patient({
            alterations: [
              { gene: 'SMAD4', proteinChange: 'R361H', category: 'mutation' },
              ...keys.filter((k) => k !== unknownKey && a.get(k)).map((k) => ({ gene: gene.get(k)!, proteinChange: 'X1Y', category: 'mutation' as const })),
              ...(unknownKey ? [{ gene: gene.get(unknownKey)!, category: 'other' as const }] : []),
            ],
          }),
        ),
      ).verdict;
    const rand = rng(keys.length * 104729 + f.length);
    const assignments: Array<Map<string, boolean>> = [new Map(keys.map((k) => [k, true])), new Map(keys.map((k) => [k, false]))];
    for (let i = 0; i < 126; i++) assignments.push(new Map(keys.map((k) => [k, rand() < 0.6])));
    let trues = 0;
    for (const a of assignments) {
      const want = evalRaw(raw, a);
      expect(verdict(a)).toBe(want ? 'match' : 'no_match');
      if (want) trues++;
    }
    expect(trues).toBeGreaterThan(0);
    expect(trues).toBeLessThan(assignments.length);
    for (const a of assignments.slice(0, 32)) {
      const k = keys[Math.floor(rand() * keys.length)];
      const t1 = evalRaw(raw, new Map([...a, [k, true]]));
      const f1 = evalRaw(raw, new Map([...a, [k, false]]));
      expect(verdict(a, k)).toBe(t1 === f1 ? (t1 ? 'match' : 'no_match') : 'unknown');
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

/**
 * Issue 28, "CTML decided by its cohorts". The shared files hold MatchMiner's trial documents but not its
 * patients nor its expected match counts (those live in matchengine-V2's test code, not in the files):
 * each case is checked here against patients built for it, with the outcome its own criteria state.
 */
describe('a trial with cohorts is decided by its open cohorts', () => {
  const lungEgfrDel = patient({ age: 60, oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'E746_A750del', category: 'mutation' }] });
  const trialVerdict = (t: Trial, p: PatientData) => matchTrial(t, viewPatient(p)).verdict;

  // [file, patient, trial verdict]: the patient fits a cohort of each trial; only an open one makes a match
  const cases: Array<[string, PatientData, string]> = [
    ['all_open', lungEgfrDel, 'match'],
    ['run_log_arm_open', lungEgfrDel, 'match'],
    ['run_log_two_arms', lungEgfrDel, 'match'],
    ['run_log_arm_open_criteria_change', lungEgfrDel, 'match'],
    ['run_log_arm_open_criteria_change', patient({ age: 60, oncotreeCode: 'LUSC', alterations: [{ gene: 'EGFR', proteinChange: 'E746_A750del', category: 'mutation' }] }), 'no_match'],
    // suspended arms / dose levels, a closed trial: the patient fits, but no cohort enrols
    ['all_closed', lungEgfrDel, 'not_eligible'],
    ['all_closed_trial_closed', lungEgfrDel, 'not_eligible'],
    ['closed_dose', lungEgfrDel, 'not_eligible'],
    ['closed_step_arm', lungEgfrDel, 'not_eligible'],
    ['run_log_arm_closed', lungEgfrDel, 'not_eligible'],
    ['older_than_18', patient({ age: 19 }), 'match'],
    ['older_than_18', patient({ age: 18 }), 'not_eligible'],
    ['younger_than_18', patient({ age: 17 }), 'match'],
    ['younger_than_18', patient({ age: 40 }), 'not_eligible'],
    ['tmb', patient({ tmb: 12 }), 'match'],
    ['tmb', patient({}), 'unknown'],
    // signatures are not part of the patient record: never a match, never ruled out
    ['signatures', patient({ age: 50 }), 'unknown'],
    ['wildcard_protein_found', patient({ alterations: [{ gene: 'BRAF', proteinChange: 'V600K', category: 'mutation' }] }), 'match'],
    ['wildcard_protein_found', patient({ alterations: [{ gene: 'BRAF', proteinChange: 'K601E', category: 'mutation' }] }), 'no_match'],
    ['wildcard_protein_not_found', patient({ alterations: [{ gene: 'ARID1A', proteinChange: 'R9110Q', category: 'mutation' }] }), 'no_match'],
    ['unstructured_sv', patient({ alterations: [{ gene: 'EGFR', category: 'fusion' }] }), 'match'],
    ['unstructured_sv', patient({ alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }] }), 'no_match'],
    ['structured_sv', patient({ age: 50, oncotreeCode: 'SKCM', alterations: [{ gene: 'NPM1', category: 'fusion' }] }), 'match'],
    // a 10-year-old with a lung tumour: solid, under 21, "Lung" under 12
    ['massive_match_clause', patient({ age: 10, oncotreeCode: 'LUAD' }), 'match'],
  ];
  it.each(cases)('%s: %j → %s', (file, p, want) => {
    expect(trialVerdict(load(file), p)).toBe(want);
  });

  it('massive_match_clause: a 30-year-old is past every age the cohort allows (under 21)', () => {
    expect(trialVerdict(load('massive_match_clause'), patient({ age: 30, oncotreeCode: 'LUAD' }))).not.toBe('match');
  });

  it('the search over an index gives each trial the verdict matchTrial gives it (one rule on every path)', () => {
    const trials = fs.readdirSync(INT_DIR).map((f) => load(f.replace(/\.json$/, '')));
    // protocol numbers repeat across MatchMiner's files (10-002 three times): one trial per id in an index
    const byId = new Map(trials.map((t) => [t.id, t]));
    const idx = new TrialIndex([...byId.values()]);
    for (const [, p] of cases) {
      const view = viewPatient(p);
      const found = new Map(matchPatient(idx, p, { exhaustive: true, limit: Infinity }).map((r) => [r.trialId, r.verdict]));
      for (const t of byId.values()) expect([t.id, found.get(t.id)]).toEqual([t.id, matchTrial(t, view).verdict]);
    }
  });

  it('an open cohort whose criteria hold makes the match even when a closed cohort fits too; the closed one is kept and marked', () => {
    const r = matchTrial(load('run_log_two_arms'), viewPatient(lungEgfrDel));
    expect(r.verdict).toBe('match');
    expect(r.cohorts.map((c) => [c.cohortId, c.open])).toEqual([
      ['armARM 1', true],
      ['armARM 2', false],
    ]);
  });

  it('two arms with one code keep apart (their results and overrides are keyed by cohort)', () => {
    const t = load('structured_sv');
    expect(new Set(t.cohorts.map((c) => c.id)).size).toBe(t.cohorts.length);
    const r = matchTrial(t, viewPatient(patient({ age: 50, gender: 'male', oncotreeCode: 'MCC', alterations: [{ gene: 'TP53', proteinChange: 'R273H', category: 'mutation' }] })));
    // a man with Merkel-cell carcinoma and a TP53 mutation: no fusion for the first arm, none excluded by the second
    expect(r.cohorts.map((c) => c.verdict)).toEqual(['no_match', 'match']);
  });
});

/** A CTML document with one open arm, as MatchMiner's demo trials are written. */
function ctml(title: string, armMatch: unknown, extra: Record<string, unknown> = {}): Trial {
  const r = parseCtml(JSON.stringify({ protocol_no: '15-000', nct_id: 'NCT02646748', long_title: title, status: 'open to accrual', treatment_list: { step: [{ step_code: '1', arm: [{ arm_code: 'COLON', arm_suspended: 'N', match: armMatch }] }] }, ...extra }));
  expect(r.errors).toEqual([]);
  return r.trials[0];
}

describe('a disease read from the title never overrides the cohorts’ own diagnoses', () => {
  const msiColon = [{ and: [{ clinical: { age_numerical: '>=18', oncotree_primary_diagnosis: 'Colon Adenocarcinoma' } }, { genomic: { hugo_symbol: 'None', ms_status: 'MSI-H' } }] }];
  // metastatic: the title's "Advanced" is a setting the patient must meet (unknown when not recorded)
  const patientMsi = patient({ age: 61, oncotreeCode: 'COAD', metastatic: true, msi: 'high' });

  it('NCT02646748-like: a title the vocabulary cannot place ("Selected Cancers") leaves an all-met MSI-high colon cohort a match', () => {
    const t = ctml('Pembrolizumab and Epacadostat in Advanced Selected Cancers', msiColon);
    const titleDisease = t.eligibility.criteria.find((c) => c.spec.kind === 'diagnosis');
    // the guess is kept and shown, it just does not decide against the cohort
    expect(titleDisease?.spec).toMatchObject({ unresolved: true });
    const r = matchTrial(t, viewPatient(patientMsi));
    expect(r.cohorts[0].verdict).toBe('match');
    expect(r.verdict).toBe('match');
  });

  it('a title naming another disease does not turn the colon cohort into a no match', () => {
    const t = ctml('A Study of Drug X in Pancreatic Cancer', msiColon);
    expect(t.eligibility.criteria.find((c) => c.spec.kind === 'diagnosis')?.spec).toMatchObject({ codes: ['PANCREAS'] });
    expect(matchTrial(t, viewPatient(patientMsi)).verdict).toBe('match');
    // the cohort's own diagnosis still decides: a pancreatic patient is not a colon cohort's
    expect(matchTrial(t, viewPatient(patient({ age: 61, oncotreeCode: 'PAAD', metastatic: true, msi: 'high' }))).verdict).toBe('no_match');
  });

  it('MSI recorded as the report writes it ("MSI-H") is MSI-high; MSS fails the cohort', () => {
    const t = ctml('Pembrolizumab and Epacadostat in Advanced Selected Cancers', msiColon);
    expect(matchTrial(t, viewPatient(patient({ age: 61, oncotreeCode: 'COAD', metastatic: true, biomarkers: [{ name: 'MSI', value: 'MSI-H' }] }))).verdict).toBe('match');
    expect(matchTrial(t, viewPatient(patient({ age: 61, oncotreeCode: 'COAD', metastatic: true, biomarkers: [{ name: 'MSI', value: 'MSS' }] }))).verdict).toBe('not_eligible');
  });

  it('a cohort without a diagnosis of its own keeps the trial’s disease', () => {
    const t = ctml('A Study of Drug X in Pancreatic Cancer', [{ and: [{ genomic: { hugo_symbol: 'None', ms_status: 'MSI-H' } }] }]);
    expect(matchTrial(t, viewPatient(patientMsi)).verdict).toBe('no_match');
  });

  it('the same holds for any compiled trial with cohorts: a registry condition gives way to a cohort’s diagnosis', () => {
    const r = finalizeTrial({
      id: 'NCT09999901',
      nctId: 'NCT09999901',
      otherIds: [],
      source: 'manual',
      briefTitle: 'Basket study',
      phases: ['2'],
      overallStatus: 'recruiting',
      collaborators: [],
      conditions: ['Endometrial Cancer'],
      keywords: [],
      interventions: [],
      cohorts: [
        { id: 'c1', label: 'Colon', interventions: [], open: true, criteria: [{ id: 'c1#0', polarity: 'inclusion', spec: { kind: 'diagnosis', codes: ['COAD'], text: 'colon adenocarcinoma' }, source: 'Cohort 1: colon adenocarcinoma', confidence: 1, origin: 'structured' }] },
      ],
      sites: [],
      dates: {},
      eligibility: { sex: 'all' },
    });
    expect(r.error).toBeUndefined();
    expect(matchTrial(r.trial!, viewPatient(patientMsi)).verdict).toBe('match');
  });
});

describe('wild-type and not-mutated criteria decide from a recorded wild-type', () => {
  const kras = (genomic: Record<string, unknown>) => ctml('A Study of Drug X in Colorectal Cancer', [{ and: [{ clinical: { oncotree_primary_diagnosis: 'Colorectal Adenocarcinoma' } }, { genomic }] }]);
  const on = (alterations: PatientData['alterations']) => patient({ age: 60, oncotreeCode: 'COAD', alterations });
  const forms = [{ hugo_symbol: 'KRAS', variant_category: '!Mutation' }, { hugo_symbol: '!KRAS' }, { hugo_symbol: 'KRAS', wildtype: true }];

  it.each(forms)('%j: recorded wild-type meets it, a KRAS mutation fails it, nothing recorded about KRAS is unknown', (g) => {
    const t = kras(g);
    expect(matchTrial(t, viewPatient(on([{ gene: 'KRAS', category: 'wild_type' }]))).verdict).toBe('match');
    expect(matchTrial(t, viewPatient(on([{ gene: 'KRAS', proteinChange: 'G12D', category: 'mutation' }]))).verdict).toBe('no_match');
    expect(matchTrial(t, viewPatient(on([]))).verdict).toBe('unknown');
    // a BRAF result says nothing about KRAS
    expect(matchTrial(t, viewPatient(on([{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }]))).verdict).toBe('unknown');
  });

  it('"not mutated" is about mutations: a KRAS amplification alone neither meets nor fails it', () => {
    const t = kras({ hugo_symbol: 'KRAS', variant_category: '!Mutation' });
    expect(matchTrial(t, viewPatient(on([{ gene: 'KRAS', category: 'amplification' }]))).cohorts[0].verdict).toBe('unknown');
    expect(matchTrial(t, viewPatient(on([{ gene: 'KRAS', category: 'amplification' }, { gene: 'KRAS', category: 'wild_type' }]))).verdict).toBe('match');
  });

  it('the absence of a named variant or a structural variant stays an exclusion of that event', () => {
    const t = kras({ hugo_symbol: 'BRAF', variant_category: '!Mutation', wildcard_protein_change: 'p.V600' });
    const c = t.cohorts[0].criteria.find((x) => x.spec.kind === 'alteration')!;
    expect(c.polarity).toBe('exclusion');
    expect(c.spec).not.toHaveProperty('wildType', true);
    const sv = kras({ hugo_symbol: 'TP53', variant_category: '!Structural Variation' });
    expect(sv.cohorts[0].criteria.find((x) => x.spec.kind === 'alteration')!.polarity).toBe('exclusion');
  });
});
