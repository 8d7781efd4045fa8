import type { CriterionOverride, CriterionResult, LocationFilter, MatchChange, PatientData, Trial, TrialMatchResult, CohortMatch } from '@oncodesk/shared/contracts';
import { evaluateCriterion, viewPatient, type PatientView } from './evaluate';
import { verdictOf } from './verdict';
import { diseaseDepth, diseaseRelation, geneRelation, rankScore } from './ranking';
import { filterSites, nearestSite } from './geo';
import { ancestors, subtree, ONCOTREE_ROOT } from '../vocab/oncotree';
import { normalizeGene } from '../vocab/genes';

export interface MatchOptions {
  overrides?: CriterionOverride[];
  /** Keep only trials with at least one site passing this filter (global keeps all). */
  location?: LocationFilter;
  /** Keep only trials whose overall status is open (recruiting / not yet recruiting / enrolling). */
  recruitingOnly?: boolean;
  /** Return at most this many results (after ranking). */
  limit?: number;
  /** Evaluate every trial, not only the index candidates (for benchmarks and audits). */
  exhaustive?: boolean;
}

interface Entry {
  trial: Trial;
  depth: number;
}

/** Trials held in memory, precompiled and indexed by OncoTree code and gene. */
export class TrialIndex {
  readonly entries: Entry[] = [];
  private readonly byId = new Map<string, number>();
  private readonly byCode = new Map<string, number[]>();
  private readonly byGene = new Map<string, number[]>();
  private readonly panCancer: number[] = [];

  constructor(trials: Trial[] = []) {
    for (const t of trials) this.add(t);
  }

  get size(): number {
    return this.entries.length;
  }

  get(id: string): Trial | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.entries[i].trial;
  }

  /** Adds or replaces a trial (idempotent by id). Replaced trials keep their slot. */
  add(trial: Trial): void {
    const existing = this.byId.get(trial.id);
    if (existing !== undefined) {
      this.entries[existing] = { trial, depth: diseaseDepth(trial.diseaseCodes) };
      this.reindex(existing, trial);
      return;
    }
    const i = this.entries.length;
    this.entries.push({ trial, depth: diseaseDepth(trial.diseaseCodes) });
    this.byId.set(trial.id, i);
    this.reindex(i, trial);
  }

  private reindex(i: number, trial: Trial) {
    const codes = new Set<string>(trial.diseaseCodes);
    for (const co of trial.cohorts) for (const c of co.criteria) if (c.spec.kind === 'diagnosis' && c.polarity === 'inclusion') for (const code of c.spec.codes) codes.add(code);
    for (const code of codes) {
      if (code === ONCOTREE_ROOT) {
        if (!this.panCancer.includes(i)) this.panCancer.push(i);
        continue;
      }
      const l = this.byCode.get(code) ?? [];
      if (!l.includes(i)) l.push(i);
      this.byCode.set(code, l);
    }
    if (!codes.size && trial.cohorts.length && !this.panCancer.includes(i)) this.panCancer.push(i);
    for (const g of trial.genes) {
      const l = this.byGene.get(g) ?? [];
      if (!l.includes(i)) l.push(i);
      this.byGene.set(g, l);
    }
  }

  /** Trials that can concern this patient: disease in the patient's lineage or subtree, targeted genes, pan-cancer. */
  candidates(p: PatientData): number[] {
    const out = new Set<number>(this.panCancer);
    if (p.oncotreeCode) {
      const code = p.oncotreeCode.toUpperCase();
      for (const a of ancestors(code)) for (const i of this.byCode.get(a) ?? []) out.add(i);
      for (const d of subtree(code)) for (const i of this.byCode.get(d) ?? []) out.add(i);
    }
    for (const a of p.alterations ?? []) {
      const g = normalizeGene(a.gene) ?? a.gene.toUpperCase();
      for (const i of this.byGene.get(g) ?? []) out.add(i);
    }
    return [...out];
  }
}

function applyOverrides(results: CriterionResult[], overrides: Map<string, CriterionOverride>): CriterionResult[] {
  if (!overrides.size) return results;
  return results.map((r) => {
    const o = overrides.get(r.criterionId);
    if (!o || o.status === r.status) return o ? { ...r, overridden: true, computedStatus: r.status } : r;
    return { ...r, status: o.status, overridden: true, computedStatus: r.status, reason: `${r.reason} (overridden by clinician${o.note ? ': ' + o.note : ''})` };
  });
}

const OPEN = new Set(['recruiting', 'not_yet_recruiting', 'enrolling_by_invitation', 'active', 'approved', 'in_review']);

/** Evaluates one trial (and each of its cohorts) for a prepared patient. */
export function matchTrial(trial: Trial, view: PatientView, overrides: Map<string, CriterionOverride> = new Map(), depth = 0): TrialMatchResult {
  const results = applyOverrides(trial.eligibility.criteria.map((c) => evaluateCriterion(c, view)), overrides);
  const cohorts: CohortMatch[] = [];
  for (const co of trial.cohorts) {
    if (!co.criteria.length) continue;
    const cr = applyOverrides(co.criteria.map((c) => evaluateCriterion(c, view)), overrides);
    const v = verdictOf([...results, ...cr], co.tree ? { op: 'and', children: [...results.map((r) => ({ ref: r.criterionId })), co.tree] } : undefined);
    cohorts.push({ cohortId: co.id, label: co.label, open: co.open, verdict: v.verdict, level: v.level, results: cr });
  }
  let v = verdictOf(results);
  if (cohorts.length) {
    // the trial is as good as its best cohort (open cohorts first)
    const order = { match: 3, unknown: 2, not_eligible: 1, no_match: 0 };
    const best = [...cohorts].sort((a, b) => Number(b.open) - Number(a.open) || order[b.verdict] - order[a.verdict])[0];
    const all = [...results, ...cohorts.flatMap((c) => c.results)];
    const counts = { match: 0, no_match: 0, unknown: 0 };
    for (const r of all) counts[r.status]++;
    const decided = counts.match + counts.no_match;
    v = { verdict: best.verdict, level: best.level, counts, metShare: decided ? counts.match / decided : 0 };
  }
  const dRel = diseaseRelation(trial, view.p.oncotreeCode);
  const gRel = geneRelation(trial, view.p).relation;
  const demographics = demographicStatus(results);
  const point = view.p.location?.point;
  const near = point ? nearestSite(trial.sites, point, true) : undefined;
  const out: TrialMatchResult = {
    trialId: trial.id,
    verdict: v.verdict,
    level: v.level,
    score: 0,
    metShare: v.metShare,
    counts: v.counts,
    diseaseRelation: dRel,
    geneRelation: gRel,
    demographics,
    results,
    cohorts,
    nearestSite: near ? { name: near.site.name, distanceKm: Math.round(near.km * 10) / 10, countryCode: near.site.address?.countryCode, status: near.site.status } : undefined,
  };
  out.score = rankScore(out, trial.phases, near?.km, depth);
  return out;
}

/**
 * Demographic status: structured age/sex fields decide when present; several text age statements are
 * read as alternatives (subgroups), so they exclude only when none of them is met.
 */
export function demographicStatus(results: CriterionResult[]): TrialMatchResult['demographics'] {
  const decisive = results.filter((r) => (r.kind === 'age' || r.kind === 'sex') && (r.confidence >= 0.6 || r.overridden));
  if (!decisive.length) return 'not_discussed';
  const sex = decisive.filter((r) => r.kind === 'sex');
  const ages = decisive.filter((r) => r.kind === 'age');
  const structuredAges = ages.filter((r) => r.confidence >= 1);
  const ageSet = structuredAges.length ? structuredAges : ages;
  if (sex.some((r) => r.status === 'no_match')) return 'excludes';
  if (ageSet.length && structuredAges.length && ageSet.some((r) => r.status === 'no_match')) return 'excludes';
  if (ageSet.length && !structuredAges.length && ageSet.every((r) => r.status === 'no_match')) return 'excludes';
  return [...sex, ...ageSet].some((r) => r.status === 'match') ? 'matches' : 'not_discussed';
}

function sortResults(a: TrialMatchResult, b: TrialMatchResult): number {
  return b.score - a.score || (a.trialId < b.trialId ? -1 : a.trialId > b.trialId ? 1 : 0);
}

/** Matches one patient against the index and returns ranked results (candidates only unless exhaustive). */
export function matchPatient(index: TrialIndex, patient: PatientData, options: MatchOptions = {}): TrialMatchResult[] {
  const view = viewPatient(patient);
  const overrides = new Map((options.overrides ?? []).map((o) => [o.criterionId, o]));
  const ids = options.exhaustive ? index.entries.map((_, i) => i) : index.candidates(patient);
  const out: TrialMatchResult[] = [];
  for (const i of ids) {
    const { trial, depth } = index.entries[i];
    if (options.recruitingOnly && !OPEN.has(trial.overallStatus)) continue;
    if (options.location && options.location.kind !== 'global' && !filterSites(trial.sites, options.location).length) continue;
    out.push(matchTrial(trial, view, overrides, depth));
  }
  out.sort(sortResults);
  return options.limit ? out.slice(0, options.limit) : out;
}

/** Re-matches with clinician overrides and reports what changed against the previous results. */
export function rematch(index: TrialIndex, patient: PatientData, previous: TrialMatchResult[], overrides: CriterionOverride[], options: Omit<MatchOptions, 'overrides'> = {}): { results: TrialMatchResult[]; changes: MatchChange[] } {
  const results = matchPatient(index, patient, { ...options, overrides });
  const prev = new Map(previous.map((r) => [r.trialId, r]));
  const changes: MatchChange[] = [];
  for (const r of results) {
    const p = prev.get(r.trialId);
    if (!p) continue;
    const before = new Map([...p.results, ...p.cohorts.flatMap((c) => c.results)].map((x) => [x.criterionId, x.status]));
    for (const x of [...r.results, ...r.cohorts.flatMap((c) => c.results)]) {
      const b = before.get(x.criterionId);
      if (b !== undefined && b !== x.status) changes.push({ trialId: r.trialId, criterionId: x.criterionId, field: 'criterion', before: b, after: x.status });
    }
    if (p.verdict !== r.verdict) changes.push({ trialId: r.trialId, field: 'verdict', before: p.verdict, after: r.verdict });
    if (p.level !== r.level) changes.push({ trialId: r.trialId, field: 'level', before: p.level, after: r.level });
  }
  return { results, changes };
}

export { viewPatient, evaluateCriterion } from './evaluate';
export { verdictOf, evaluateTree, combine } from './verdict';
export { diseaseRelation, geneRelation, rankScore } from './ranking';
export * from './geo';
export { countryCode, continentOf, countryByCode, COUNTRIES } from './countries';
