import type { CompiledCriterion, CoverageDimension, CriterionResult, CriterionStatus, CriterionKind, CriterionTree, MatchCoverage, MatchLevel, Trial, TrialVerdict } from '@oncodesk/shared/contracts';
import { DECISIVE_CONFIDENCE, decidesAlone } from '@oncodesk/shared/contracts';
import { CRITERIA } from '../criteria/registry';
import { DIM_BIOMARKER, DIM_DISEASE, DIM_PRIOR, DIM_SETTING } from '../criteria/types';

export { DIM_BIOMARKER, DIM_DISEASE, DIM_PRIOR, DIM_SETTING };
// defined with the result contract, so the screens mark what does not decide alone by the same rule
export { DECISIVE_CONFIDENCE };

export function combine(op: 'and' | 'or', statuses: CriterionStatus[]): CriterionStatus {
  if (op === 'and') {
    if (statuses.includes('no_match')) return 'no_match';
    if (statuses.every((s) => s === 'match')) return 'match';
    return 'unknown';
  }
  if (statuses.includes('match')) return 'match';
  if (statuses.length && statuses.every((s) => s === 'no_match')) return 'no_match';
  return 'unknown';
}

/** Evaluates a CTML-style tree over criterion results (three-valued logic). */
export function evaluateTree(tree: CriterionTree, byId: Map<string, CriterionResult>): CriterionStatus {
  const st = tree.children.map((c) => ('ref' in c ? byId.get(c.ref)?.status ?? 'unknown' : evaluateTree(c, byId)));
  return combine(tree.op, st);
}

/**
 * Alternatives, written once: inclusion criteria read from one sentence, of a kind whose alternatives group
 * (the kind's `alternatives`: alterations, "EGFR exon 19 deletion or L858R"), count as one criterion whose
 * status is their OR (met when one is, not met when all are, else unknown), decisive at their best
 * confidence. A clinician's override takes a criterion out of its group: it counts as the clinician decided.
 * The explained and single-pass verdicts (tallyCriteria) and the packed hot loop (matcher/index.ts) all
 * group by these definitions.
 */
export function isAlternative(kind: CriterionKind, polarity: 'inclusion' | 'exclusion', overridden: boolean): boolean {
  return polarity === 'inclusion' && !overridden && CRITERIA[kind].alternatives;
}
/** The group a criterion that isAlternative belongs to: its kind and sentence. */
export function alternativeGroup(kind: CriterionKind, source: string): string {
  return `${kind}\n${source}`;
}
/** A group of alternatives before any is read: bit 1 (one is met) clear, bit 2 (all are not met) set. */
export const NO_ALTERNATIVE_YET = 2;
/** A group's state after one more alternative of status `st` (1 met, 0 not met, -1 unknown); allocation-free. */
export function withAlternative(state: number, st: number): number {
  return (st === 1 ? state | 1 : state) & (st === 0 ? 3 : 1);
}
/** The status of a group of alternatives from its state: 1 met, 0 not met, -1 unknown. */
export function alternativesStatus(state: number): number {
  return state & 1 ? 1 : state & 2 ? 0 : -1;
}

/** The coverage dimension of a criterion kind (0: none of the four). */
export function dimensionOf(kind: CriterionKind): number {
  return CRITERIA[kind].dimension;
}
const DIMENSION_NAMES: Array<[number, CoverageDimension]> = [
  [DIM_DISEASE, 'disease'],
  [DIM_SETTING, 'setting'],
  [DIM_BIOMARKER, 'biomarkers'],
  [DIM_PRIOR, 'prior_therapy'],
];
/** Consent, compliance and logistics: shown apart, never counted as criteria left to check (the kind's `counted`). */
export function isCounted(kind: CriterionKind): boolean {
  return CRITERIA[kind].counted;
}

/**
 * Whether a criterion kind speaks to the level's coverage (structured, not a screening check: the kind's
 * `speaksToLevel`). Checks every site makes at screening (organ function, washout windows, life expectancy,
 * allergies, current medication): a patient record rarely holds them, so their being unknown never lowers the
 * level (as free text never did); they still count in "N of M checked".
 */
export function speaksToLevel(kind: CriterionKind): boolean {
  return CRITERIA[kind].speaksToLevel;
}

/** Whether an unmet inclusion of the kind means another disease or target (no_match), not ineligibility (the kind's `topical`). */
export function isTopical(kind: CriterionKind): boolean {
  return CRITERIA[kind].topical;
}

/** A match is "high" only on this many decided criteria at least (two checked facts prove little). */
export const MIN_CHECKED_FOR_HIGH = 4;
const CORE = DIM_DISEASE | DIM_SETTING;
/** The dimensions whose inclusions a match needs shown met (VerdictTally.notShownMet): the setting and the prior therapy. */
const SHOWN_MET = DIM_SETTING | DIM_PRIOR;

export interface Verdict {
  verdict: TrialVerdict;
  level: MatchLevel;
  metShare: number;
  counts: { match: number; no_match: number; unknown: number; not_deciding?: number };
  coverage: MatchCoverage;
}

/** What was checked: decided criteria of all counted ones, and the key dimensions left unchecked. */
export function coverageOf(checked: number, total: number, present: number, decided: number, stated = true, undecidedBy: readonly string[] = []): MatchCoverage {
  const open = (present & ~decided) | (CORE & ~present);
  return { checked, total, notChecked: DIMENSION_NAMES.filter(([bit]) => open & bit).map(([, name]) => name), ...(stated ? {} : { recordStatesCriteria: false }), ...(undecidedBy.length ? { undecidedBy: [...undecidedBy] } : {}) };
}

/**
 * Whether a criterion (result) is an unread sentence that decides eligibility (its topic set at compile time,
 * compiler/decidingTopic.ts) and is still unknown for the patient: a clinician's override decides it.
 */
export function isUnreadDeciding(kind: CriterionKind, decides: string | undefined, status: CriterionStatus): boolean {
  return kind === 'free_text' && decides !== undefined && status === 'unknown';
}


/**
 * Whether a trial's record states eligibility criteria: criteria text, cohorts with criteria, or structured
 * eligibility beyond the registry's age, sex and conditions (a CTML trial's, an NCI biomarker list). A record
 * without (368 of the shared trials: NCI listings, some registry entries) lets the engine check only age,
 * sex and the disease: it cannot support a match.
 */
export function statesEligibility(trial: Trial): boolean {
  if (trial.eligibility.text?.trim()) return true;
  if (trial.cohorts.some((co) => co.criteria.length > 0)) return true;
  return trial.eligibility.criteria.some((c) => c.origin === 'text' || (c.origin === 'structured' && !CRITERIA[c.spec.kind].registryField));
}

/**
 * How strong a verdict is. A match is high only when the evaluation covered what decides eligibility:
 * at least MIN_CHECKED_FOR_HIGH decided criteria, at most a third of the structured ones unknown, the
 * disease and the setting decided, and every biomarker / prior-therapy requirement the trial states
 * decided. An undecided trial is medium when most decided criteria are met (two at least).
 * `present` / `decided`: DIM_* bits of the trial's criteria, and of those with a decided status.
 */
export function levelOf(verdict: TrialVerdict, unknownShare: number, metShare: number, matched: number, checked: number, present: number, decided: number): MatchLevel {
  if (verdict === 'match') return unknownShare <= 0.34 && checked >= MIN_CHECKED_FOR_HIGH && (present & ~decided) === 0 && (decided & CORE) === CORE ? 'high' : 'medium';
  if (verdict === 'unknown') return metShare >= 0.5 && matched >= 2 ? 'medium' : 'low';
  return 'low';
}

/** Trial / cohort verdict from criterion results (plain AND, or a tree when given). */

/**
 * The verdict rules, written once: criterion statuses go in, the verdict, level, counts and coverage come
 * out. verdictOf, the single-pass verdict and the packed hot loop all feed one of these (reset between
 * trials, so the hot loop allocates nothing). Statuses: 1 met, 0 not met, -1 unknown.
 *   - a decisive unmet inclusion on the disease or alteration: no_match (another disease / target);
 *   - any other decisive unmet criterion: not_eligible;
 *   - every disease / alteration inclusion met (at least one), no unread deciding sentence, and every setting or
 *     prior-therapy inclusion shown met (notShownMet): match;
 *   - otherwise unknown.
 */
export class VerdictTally {
  match = 0;
  noMatch = 0;
  unknown = 0;
  /** Of noMatch, the criteria that do not decide alone (shown apart so "Match · 2 not met" is not a contradiction). */
  notDeciding = 0;
  private structured = 0;
  private structuredUnknown = 0;
  private topical = 0;
  private topicalAllMatch = true;
  private topicalFail = false;
  private otherFail = false;
  private present = 0;
  private decidedDims = 0;
  /** statesEligibility of the trial: without stated criteria the best verdict is unknown, at level low. */
  stated = true;
  /**
   * Unread sentences deciding eligibility, still unknown (isUnreadDeciding): with any, the best verdict is
   * unknown; its level follows the unknown rule (medium when most decided criteria are met: everything read
   * holds, the sentence is for the clinician to check — above trials known to fail, below every match).
   * The sentences are kept for the coverage; the hot loop only counts.
   */
  private undecided = 0;
  private undecidedBy: string[] = [];
  /**
   * Inclusions on the disease setting (DIM_SETTING: metastatic / advanced, a required site, stage, resectability,
   * disease state) or on the prior therapy (DIM_PRIOR: a line of therapy, a drug the patient must have received) that
   * the record does not show met: unknown for the patient, or not met at a confidence that does not decide alone (a
   * sentence of one cohort or disease, the line an early-phase design leaves unstated, compiler/setting.ts
   * deriveExpectedLine). The record does not say whether the patient is in the setting or at the point of treatment
   * the trial is for (an early or a curable cancer beside a trial for advanced disease; an untreated patient beside a
   * trial after standard therapy), so the best verdict is unknown, never excluded (issue 28: "Match" an oncologist
   * would not consider, read on bench:patients).
   */
  private notShownMet = 0;

  reset(stated = true): this {
    this.match = this.noMatch = this.notDeciding = this.unknown = this.structured = this.structuredUnknown = this.topical = this.present = this.decidedDims = this.undecided = this.notShownMet = 0;
    if (this.undecidedBy.length) this.undecidedBy.length = 0;
    this.topicalAllMatch = true;
    this.topicalFail = this.otherFail = false;
    this.stated = stated;
    return this;
  }

  /** A counted criterion's status (free text included): the "met / not met / to check" counts. */
  count(st: number, decisive: boolean): void {
    if (st === 1) this.match++;
    else if (st === 0) {
      this.noMatch++;
      if (!decisive) this.notDeciding++;
    } else this.unknown++;
  }

  /**
   * A criterion (or a group of alternatives, once) as the rules see it. `structured` is false for free
   * text and screening checks (speaksToLevel), which never speak to the level but fail the trial when not met.
   * `inclusion`: the criterion is an inclusion (a setting or prior-therapy inclusion not shown met keeps the trial from a match).
   */
  add(st: number, dim: number, topicalInclusion: boolean, decisive: boolean, structured = true, inclusion = false): void {
    if (structured) {
      this.structured++;
      this.present |= dim;
      if (st < 0) {
        this.structuredUnknown++;
        if (inclusion && (dim & SHOWN_MET) !== 0) this.notShownMet++;
      } else if (st === 0 && inclusion && !decisive && (dim & SHOWN_MET) !== 0) {
        // not met by a reading that does not decide alone: its dimension stays among what was not checked
        this.notShownMet++;
      } else this.decidedDims |= dim;
    }
    if (topicalInclusion) {
      this.topical++;
      if (st !== 1) this.topicalAllMatch = false;
    }
    if (st === 0 && decisive) {
      if (topicalInclusion) this.topicalFail = true;
      else this.otherFail = true;
    }
  }

  /** One criterion (or a group of alternatives) of status `st`: counted, and read by the rules (add). */
  criterion(st: number, dim: number, topicalInclusion: boolean, decisive: boolean, structured: boolean, inclusion = false): void {
    this.count(st, decisive);
    this.add(st, dim, topicalInclusion, decisive, structured, inclusion);
  }

  /** Unread deciding sentences (isUnreadDeciding): `n` of them, or one with its sentence. */
  unreadDeciding(n: number | string): void {
    if (typeof n === 'string') {
      this.undecided++;
      this.undecidedBy.push(n);
    } else this.undecided += n;
  }

  verdict(): TrialVerdict {
    return this.settled() ?? (this.topical && this.topicalAllMatch && this.stated && !this.undecided && !this.notShownMet ? 'match' : 'unknown');
  }

  /**
   * The verdict once no criterion tallied after can raise it, else undefined: a decisive failure is final (a
   * failed disease or alteration inclusion makes no match; any other makes not eligible, or no match should
   * such an inclusion fail after it). The hot loop stops reading a trial there when even the best score of
   * that verdict cannot enter the results (matcher/index.ts hotTally).
   */
  settled(): TrialVerdict | undefined {
    return this.topicalFail ? 'no_match' : this.otherFail ? 'not_eligible' : undefined;
  }

  /** A verdict a match tree decided, under the same rule: an unread deciding sentence keeps it from a match. */
  treeVerdict(verdict: TrialVerdict): TrialVerdict {
    return verdict === 'match' && (this.undecided || !this.stated) ? 'unknown' : verdict;
  }

  get metShare(): number {
    const decided = this.match + this.noMatch;
    return decided ? this.match / decided : 0;
  }

  level(verdict: TrialVerdict): MatchLevel {
    if (!this.stated) return 'low';
    return levelOf(verdict, this.structured ? this.structuredUnknown / this.structured : 1, this.metShare, this.match, this.match + this.noMatch, this.present, this.decidedDims);
  }

  /** The verdict with its level, counts and coverage (`verdict` when a match tree decided it). */
  result(verdict: TrialVerdict = this.verdict()): Verdict {
    const checked = this.match + this.noMatch;
    return { verdict, level: this.level(verdict), metShare: this.metShare, counts: { match: this.match, no_match: this.noMatch, unknown: this.unknown, not_deciding: this.notDeciding }, coverage: coverageOf(checked, checked + this.unknown, this.present, this.decidedDims, this.stated, this.undecidedBy) };
  }
}

/** A verdict that rules the trial out (another disease or target, or not eligible): exactly those a tally settles on (VerdictTally.settled). */
export function isRuledOut(verdict: TrialVerdict): boolean {
  return verdict === 'no_match' || verdict === 'not_eligible';
}

const ST: Record<CriterionStatus, number> = { match: 1, no_match: 0, unknown: -1 };

/**
 * Whether a criterion of the trial itself stands aside for a cohort: a disease the registry's conditions
 * or the title gave the trial (a structured diagnosis; from a title it may even be "not in the vocabulary")
 * gives way to the cohort's own diagnosis. A cohort that names its disease ("MSI-high colon cancer",
 * a CTML arm's OncoTree diagnosis) is judged on that, not on a word read from the trial's title.
 */
export function givesWayToCohort(trialCriterion: Pick<CompiledCriterion, 'spec' | 'origin'>, cohortCriteria: ReadonlyArray<Pick<CompiledCriterion, 'spec' | 'polarity'>>): boolean {
  return trialCriterion.spec.kind === 'diagnosis' && trialCriterion.origin === 'structured' && cohortCriteria.some((c) => c.spec.kind === 'diagnosis' && c.polarity === 'inclusion');
}

const VERDICT_RANK: Record<TrialVerdict, number> = { match: 3, unknown: 2, not_eligible: 1, no_match: 0 };

/**
 * A cohort's say in its trial's verdict. A closed cohort (suspended arm or dose level, closed trial) never
 * makes a match: a patient it fits (or may fit) cannot enrol in it, so its match or unknown counts as not
 * eligible; a closed cohort of another disease stays no match.
 */
export function cohortSay(open: boolean, verdict: TrialVerdict): TrialVerdict {
  return open || verdict === 'no_match' || verdict === 'not_eligible' ? verdict : 'not_eligible';
}

/**
 * The verdict of a trial with cohorts, written once: the trial is as good as its best cohort as the cohorts
 * say it (cohortSay: an open cohort whose criteria all hold makes a match, a closed one never does; open
 * cohorts first among equals). Counts cover every criterion evaluated (`counts`); level and coverage are
 * the chosen cohort's.
 */
/** The "met / not met / to check" counts of a list of results, row by row (a trial's with all its cohorts'). */
export function countStatuses(results: ReadonlyArray<Pick<CriterionResult, 'status' | 'confidence' | 'overridden'>>): Verdict['counts'] {
  const counts = { match: 0, no_match: 0, unknown: 0, not_deciding: 0 };
  for (const r of results) {
    counts[r.status]++;
    if (r.status === 'no_match' && !decidesAlone(r)) counts.not_deciding++;
  }
  return counts;
}

export function trialFromCohorts(cohorts: ReadonlyArray<{ open: boolean; v: Verdict }>, counts: Verdict['counts']): Verdict | undefined {
  let best: { open: boolean; v: Verdict } | undefined;
  let bestSay: TrialVerdict = 'no_match';
  for (const c of cohorts) {
    const say = cohortSay(c.open, c.v.verdict);
    if (!best || VERDICT_RANK[say] > VERDICT_RANK[bestSay] || (VERDICT_RANK[say] === VERDICT_RANK[bestSay] && c.open && !best.open)) {
      best = c;
      bestSay = say;
    }
  }
  if (!best) return undefined;
  const decided = counts.match + counts.no_match;
  return { verdict: bestSay, level: bestSay === best.v.verdict ? best.v.level : 'low', counts, metShare: decided ? counts.match / decided : 0, coverage: best.v.coverage };
}

/**
 * Results with the alternatives of each sentence (isAlternative) made one, in the place of the first: status
 * their OR, confidence their best, the words of a member with that status (blurb.ts: a trial's obstacle).
 */
export function groupAlternatives(results: CriterionResult[]): CriterionResult[] {
  const groups = new Map<string, CriterionResult[]>();
  const out: CriterionResult[] = [];
  for (const r of results) {
    if (!isAlternative(r.kind, r.polarity, !!r.overridden)) out.push(r);
    else {
      const key = alternativeGroup(r.kind, r.source);
      const g = groups.get(key);
      if (g) g.push(r);
      else {
        groups.set(key, [r]);
        out.push(r);
      }
    }
  }
  return out.map((r) => {
    const g = isAlternative(r.kind, r.polarity, !!r.overridden) ? groups.get(alternativeGroup(r.kind, r.source)) : undefined;
    if (!g || g.length < 2) return r;
    let state = NO_ALTERNATIVE_YET;
    for (const x of g) state = withAlternative(state, ST[x.status]);
    const status = STATUS_OF[alternativesStatus(state) + 1];
    const best = g.find((x) => x.status === status) ?? r;
    return { ...best, status, confidence: Math.max(...g.map((x) => x.confidence)) };
  });
}
/** Statuses by their number plus one (ST: -1 unknown, 0 not met, 1 met). */
const STATUS_OF: CriterionStatus[] = ['unknown', 'no_match', 'match'];

/** What the verdict rules read of one criterion: a result, or the single-pass verdict's reading of a compiled criterion. */
export interface Tallied {
  kind: CriterionKind;
  polarity: 'inclusion' | 'exclusion';
  status: CriterionStatus;
  source: string;
  confidence: number;
  overridden?: boolean;
  decides?: string;
}

/**
 * Feeds criteria to the verdict rules, written once (verdictOf and fastVerdict; the packed hot loop does the
 * same over its flag words): criteria not counted are left out, each other criterion counts once, and the
 * alternatives of one sentence (isAlternative) count as one criterion ("exon 19 deletion or L858R" is not
 * "1 not met" for an L858R patient).
 */
export function tallyCriteria(tally: VerdictTally, criteria: Iterable<Tallied>): VerdictTally {
  let groups: Map<string, { kind: CriterionKind; state: number; confidence: number }> | undefined;
  for (const r of criteria) {
    if (!isCounted(r.kind)) continue;
    const st = ST[r.status];
    if (isAlternative(r.kind, r.polarity, !!r.overridden)) {
      const key = alternativeGroup(r.kind, r.source);
      const g = (groups ??= new Map()).get(key);
      if (!g) groups.set(key, { kind: r.kind, state: withAlternative(NO_ALTERNATIVE_YET, st), confidence: r.confidence });
      else {
        g.state = withAlternative(g.state, st);
        g.confidence = Math.max(g.confidence, r.confidence);
      }
      continue;
    }
    if (isUnreadDeciding(r.kind, r.decides, r.status)) tally.unreadDeciding(r.source);
    tally.criterion(st, dimensionOf(r.kind), isTopical(r.kind) && r.polarity === 'inclusion', decidesAlone(r), speaksToLevel(r.kind), r.polarity === 'inclusion');
  }
  // a group's members are inclusions (isAlternative)
  if (groups) for (const g of groups.values()) tally.criterion(alternativesStatus(g.state), dimensionOf(g.kind), isTopical(g.kind), g.confidence >= DECISIVE_CONFIDENCE, speaksToLevel(g.kind), true);
  return tally;
}

export function verdictOf(all: CriterionResult[], tree?: CriterionTree): Verdict {
  const tally = tallyCriteria(new VerdictTally(), all);
  if (!tree) return tally.result();
  const results = all.filter((r) => isCounted(r.kind));
  const st = evaluateTree(tree, new Map(results.map((r) => [r.criterionId, r])));
  return tally.result(st === 'match' ? tally.treeVerdict('match') : st === 'no_match' ? (results.some((r) => r.status === 'no_match' && isTopical(r.kind)) ? 'no_match' : 'not_eligible') : 'unknown');
}
