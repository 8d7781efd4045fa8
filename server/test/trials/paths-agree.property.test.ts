import fc from 'fast-check';
import type { CriterionOverride, PatientData, Trial } from '@oncodesk/shared/contracts';
import { compileEligibility } from '../../src/trials/compiler';
import { finalizeTrial } from '../../src/trials/model';
import { TrialIndex, matchPatient, matchTrial, scoreBothPaths, viewPatient } from '../../src/trials/matcher';
import { statesEligibility, verdictOf } from '../../src/trials/matcher/verdict';
import { P } from './helpers';

/**
 * Issue 27: the engine's evaluation paths agree by property, not on a handful of chosen patients. fast-check
 * draws patients (structured fields over the values the criteria below speak of, each possibly unknown) and
 * trials compiled by the real compiler from eligibility sentences drawn from a pool (with and without cohorts,
 * open and closed), and checks on every draw that:
 *  - a trial's result in a search over the whole drawn index (packed hot scan, per-search truth table, the
 *    top results explained) is the result of matching that trial alone (matchTrial: its own one-trial index);
 *  - for trials without cohorts, the hot loop's score equals the score of the full evaluation, and the verdict
 *    the single pass gave (fastVerdict) is the one the explained per-criterion results give (verdictOf);
 *  - both hold under clinician overrides too: some draws override one or two criteria (trial or cohort, any
 *    status), which takes an alternative out of its sentence's group on every path.
 * A failure prints the smallest draw fast-check finds (its shrinking), with the seed to replay it.
 */
jest.setTimeout(600_000);

/** Criteria sentences of the kinds the compiler reads (and some it cannot), as registries write them. */
const SENTENCES = [
  'Histologically confirmed non-small cell lung cancer',
  'Histologically or cytologically confirmed metastatic breast cancer',
  'Metastatic castration-resistant prostate adenocarcinoma',
  'Locally advanced or metastatic urothelial carcinoma',
  'Metastatic colorectal adenocarcinoma',
  'Documented EGFR exon 19 deletion or L858R mutation',
  // three alternatives: overriding one leaves a group of two (verdictOf once counted that group twice)
  'Documented EGFR exon 19 deletion, L858R or T790M mutation',
  'KRAS G12C mutation detected by an approved test',
  'ALK rearrangement by FISH or NGS',
  'HER2-positive disease (IHC 3+ or ISH amplified)',
  'Hormone receptor positive (ER and/or PR positive)',
  'BRAF V600E mutation',
  'Known KRAS wild-type tumour',
  'ECOG performance status 0 or 1',
  'ECOG performance status of 0-2',
  'Age 18 years or older',
  'Age ≥ 65 years',
  'Stage IV disease according to AJCC 8th edition',
  'Stage IIIB-IV disease',
  'Measurable disease per RECIST 1.1',
  'Disease progression on or after osimertinib',
  'Prior treatment with a platinum-based chemotherapy regimen',
  'No prior systemic therapy for metastatic disease',
  'Refractory to or intolerant of standard therapy',
  'Previously treated with at least one line of therapy for advanced disease',
  'Adequate renal function (creatinine clearance ≥ 50 mL/min)',
  'Adequate hepatic function: total bilirubin ≤ 1.5 x ULN',
  'Able to swallow tablets',
  'Signed informed consent',
  'Male or female patients',
  'Postmenopausal women',
  'PD-L1 tumour proportion score ≥ 50%',
  'MSI-high or mismatch repair deficient',
  // unread sentences that decide eligibility (subtype, line): the verdict's unread-deciding rule on every path;
  // the test counts them so it notices when the compiler starts reading these two
  'Tumour of squamous or adenosquamous histology',
  'Relapsed after an autologous transplant or ineligible for one',
];
const EXCLUSIONS = [
  'Untreated or symptomatic brain metastases',
  'Active brain metastases',
  'Prior treatment with an immune checkpoint inhibitor',
  'Prior treatment with docetaxel',
  'Known EGFR mutation',
  'Pregnant or breastfeeding women',
  'Active autoimmune disease requiring systemic treatment',
  'Small cell lung cancer',
  'Prior pembrolizumab',
];

const eligibility = (inc: string[], exc: string[]) =>
  `Inclusion Criteria:\n${inc.map((s) => `- ${s}`).join('\n')}\n${exc.length ? `Exclusion Criteria:\n${exc.map((s) => `- ${s}`).join('\n')}` : ''}`;

interface DrawnCohort {
  inc: string[];
  exc: string[];
  open: boolean;
}
const cohort = fc.record({ inc: fc.subarray(SENTENCES, { minLength: 1, maxLength: 3 }), exc: fc.subarray(EXCLUSIONS, { maxLength: 2 }), open: fc.boolean() });
const drawnTrial = fc.record({
  inc: fc.subarray(SENTENCES, { maxLength: 7 }),
  exc: fc.subarray(EXCLUSIONS, { maxLength: 4 }),
  conditions: fc.subarray(['Non-small Cell Lung Cancer', 'Breast Cancer', 'Prostate Cancer', 'Solid Tumor', 'Colorectal Cancer'], { maxLength: 2 }),
  status: fc.constantFrom('recruiting' as const, 'completed' as const),
  cohorts: fc.oneof(fc.constant([] as DrawnCohort[]), fc.array(cohort, { minLength: 1, maxLength: 3 })),
  minAge: fc.option(fc.constantFrom(18, 65), { nil: undefined }),
});

type DrawnTrial = typeof drawnTrial extends fc.Arbitrary<infer T> ? T : never;

function compiled(id: string, d: DrawnTrial): Trial {
  const r = finalizeTrial({
    id,
    nctId: id,
    otherIds: [],
    source: 'manual',
    briefTitle: `Study ${id} in ${d.conditions[0] ?? 'cancer'}`,
    phases: ['2'],
    overallStatus: d.status,
    collaborators: [],
    conditions: d.conditions,
    keywords: [],
    interventions: [],
    cohorts: d.cohorts.map((c, k) => ({
      id: `arm${k}`,
      label: `Arm ${k}`,
      interventions: [],
      open: c.open,
      criteria: compileEligibility(eligibility(c.inc, c.exc), { idPrefix: `arm${k}` }),
    })),
    sites: [],
    dates: {},
    eligibility: { text: d.inc.length || d.exc.length ? eligibility(d.inc, d.exc) : undefined, sex: 'all', minAge: d.minAge },
  });
  if (!r.trial) throw new Error(`${id}: ${r.error}`);
  return r.trial;
}

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const drawnPatient: fc.Arbitrary<PatientData> = fc
  .record({
    age: maybe(fc.integer({ min: 16, max: 90 })),
    gender: maybe(fc.constantFrom('male' as const, 'female' as const)),
    oncotreeCode: maybe(fc.constantFrom('LUAD', 'LUSC', 'NSCLC', 'SCLC', 'BRCA', 'IDC', 'PRAD', 'COAD', 'BLCA')),
    ecog: maybe(fc.integer({ min: 0, max: 4 })),
    stage: maybe(fc.constantFrom('I', 'II', 'IIIA', 'IIIB', 'IV', 'IVA')),
    metastatic: maybe(fc.boolean()),
    metastasisSites: fc.subarray(['brain', 'liver', 'bone', 'lung']),
    brainMetastasesTreated: maybe(fc.boolean()),
    priorTreatments: fc.subarray([
      { name: 'osimertinib' },
      { name: 'carboplatin' },
      { name: 'pembrolizumab' },
      { name: 'docetaxel' },
      { name: 'enzalutamide' },
    ]),
    alterations: fc.subarray([
      { gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' as const },
      { gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' as const },
      { gene: 'ALK', category: 'fusion' as const },
      { gene: 'ERBB2', category: 'amplification' as const },
      { gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' as const },
    ]),
    biomarkers: fc.subarray([
      { name: 'ER' as const, value: 'positive' },
      { name: 'HER2' as const, value: 'negative' },
      { name: 'PD-L1' as const, value: '60', scale: 'TPS' as const },
    ]),
    msi: maybe(fc.constantFrom('high' as const, 'stable' as const)),
    pregnant: maybe(fc.boolean()),
    measurableDisease: maybe(fc.boolean()),
  })
  .map((p) => P(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Partial<PatientData>));

/** Overrides a draw makes: picks of a trial and one of its criteria (trial or cohort), with the status set. */
const drawnOverrides = fc.oneof(
  { weight: 3, arbitrary: fc.constant([] as Array<{ t: number; c: number; status: 'match' | 'no_match' | 'unknown' }>) },
  {
    weight: 1,
    arbitrary: fc.array(fc.record({ t: fc.nat(), c: fc.nat(), status: fc.constantFrom('match' as const, 'no_match' as const, 'unknown' as const) }), {
      minLength: 1,
      maxLength: 2,
    }),
  },
);

function overridesOf(trials: Trial[], picks: Array<{ t: number; c: number; status: 'match' | 'no_match' | 'unknown' }>): CriterionOverride[] {
  return picks.flatMap(({ t, c, status }) => {
    const trial = trials[t % trials.length];
    const all = [...trial.eligibility.criteria, ...trial.cohorts.flatMap((co) => co.criteria)];
    return all.length ? [{ criterionId: `${trial.id}#${all[c % all.length].id}`, status }] : [];
  });
}

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1500);

it(`a trial's result is the same in a search over many trials and matched alone, and the hot score is the full one (${RUNS} draws of 1-3 patients × 1-8 trials)`, () => {
  let pairs = 0;
  let withCohorts = 0;
  let undecided = 0;
  let overridden = 0;
  fc.assert(
    fc.property(
      fc.array(drawnTrial, { minLength: 1, maxLength: 8 }),
      fc.array(drawnPatient, { minLength: 1, maxLength: 3 }),
      drawnOverrides,
      (drawn, patients, picks) => {
        const trials = drawn.map((d, k) => compiled(`NCT9${String(k).padStart(7, '0')}`, d));
        const index = new TrialIndex(trials);
        const overrides = overridesOf(trials, picks);
        const byId = new Map(overrides.map((o) => [o.criterionId, o]));
        for (const p of patients) {
          const list = new Map(
            matchPatient(index, p, { exhaustive: true, limit: Number.POSITIVE_INFINITY, purposes: 'all', overrides }).map((r) => [r.trialId, r]),
          );
          const view = viewPatient(p);
          for (const t of trials) {
            const alone = matchTrial(t, view, byId);
            if (overrides.some((o) => o.criterionId.startsWith(`${t.id}#`))) overridden++;
            const inList = list.get(t.id);
            // the whole result: verdict, level, score, counts, coverage (unread sentences included), relations,
            // demographics, nearest site, per-criterion explanations and cohorts
            expect({ id: t.id, result: inList }).toEqual({ id: t.id, result: alone });
            pairs++;
            if (alone.coverage?.undecidedBy?.length) undecided++;
            if (t.cohorts.some((c) => c.criteria.length)) withCohorts++;
            else if (statesEligibility(t)) {
              const explained = verdictOf(alone.results);
              expect({ id: t.id, verdict: explained.verdict, level: explained.level }).toEqual({ id: t.id, verdict: alone.verdict, level: alone.level });
            }
          }
          for (const s of scoreBothPaths(index, p)) expect({ id: s.id, hot: s.hot }).toEqual({ id: s.id, hot: expect.closeTo(s.full, 9) });
        }
      },
    ),
    { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
  );
  // the draws reached both kinds of trial
  expect(pairs).toBeGreaterThan(RUNS);
  expect(withCohorts).toBeGreaterThan(RUNS / 10);
  expect(undecided).toBeGreaterThan(RUNS / 10);
  expect(overridden).toBeGreaterThan(RUNS / 10);
  console.log(
    `paths agree: ${pairs} patient-trial pairs (${withCohorts} with cohorts, ${undecided} with an unread deciding sentence, ${overridden} with overrides) in ${RUNS} draws`,
  );
});
