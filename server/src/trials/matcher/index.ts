import type { CompiledCriterion, CriterionOverride, CriterionResult, CriterionStatus, LocationFilter, MatchChange, PatientData, Trial, TrialMatchResult, CohortMatch } from '@oncodesk/shared/contracts';
import { evaluateCriterion, quickHolds, statusFrom, viewPatient, type PatientView } from './evaluate';
import { verdictOf, type Verdict } from './verdict';
import { NARROWING, diseaseDepth, diseaseFocus, diseaseRelation, geneRelation, rankScore } from './ranking';
import { filterSites } from './geo';
import { ancestors, subtree, ONCOTREE_ROOT } from '../vocab/oncotree';
import { normalizeGene } from '../vocab/genes';

export interface MatchOptions {
  /** Clinician overrides, keyed by global criterion id ("<trialId>#<criterion id>"). */
  overrides?: CriterionOverride[];
  /** Keep only trials with at least one site passing this filter (global keeps all). */
  location?: LocationFilter;
  /** Keep only trials whose overall status is open (recruiting / not yet recruiting / enrolling). */
  recruitingOnly?: boolean;
  /**
   * Return the best `limit` trials with full per-criterion explanations (default 100; Infinity for
   * all). Every candidate is evaluated and ranked either way.
   */
  limit?: number;
  /** Evaluate every trial, not only the index candidates (for benchmarks and audits). */
  exhaustive?: boolean;
}

/** A trial prepared for matching: flat criteria, disease flags and open-site coordinates. */
interface Entry {
  trial: Trial;
  depth: number;
  narrowed: boolean;
  /** Open sites as [lat, lon, cos(lat)] in radians. */
  sites: Float64Array;
  siteIdx: number[];
  /** Trial-level criteria that are not free text (free text is always "unknown" unless overridden). */
  structured: CompiledCriterion[];
  freeText: number;
}

const OPEN_SITE = new Set(['recruiting', 'not_yet_recruiting']);
const RAD = Math.PI / 180;

function prepare(trial: Trial): Entry {
  const idx: number[] = [];
  const arr: number[] = [];
  trial.sites.forEach((s, i) => {
    if (s.point && OPEN_SITE.has(s.status)) {
      arr.push(s.point.lat * RAD, s.point.lon * RAD, Math.cos(s.point.lat * RAD));
      idx.push(i);
    }
  });
  const text = trial.conditions.length ? trial.conditions.join('; ') : trial.briefTitle;
  const structured = trial.eligibility.criteria.filter((c) => c.spec.kind !== 'free_text');
  return { trial, depth: diseaseDepth(trial.diseaseCodes), narrowed: NARROWING.test(text), sites: Float64Array.from(arr), siteIdx: idx, structured, freeText: trial.eligibility.criteria.length - structured.length };
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

  /** Adds or replaces a trial (idempotent by id). */
  add(trial: Trial): void {
    const existing = this.byId.get(trial.id);
    const i = existing ?? this.entries.length;
    this.entries[i] = prepare(trial);
    if (existing === undefined) this.byId.set(trial.id, i);
    this.reindex(i, trial);
  }

  private push(map: Map<string, number[]>, key: string, i: number) {
    const l = map.get(key);
    if (!l) map.set(key, [i]);
    else if (l[l.length - 1] !== i && !l.includes(i)) l.push(i);
  }

  private reindex(i: number, trial: Trial) {
    const codes = new Set<string>(trial.diseaseCodes);
    for (const co of trial.cohorts) for (const c of co.criteria) if (c.spec.kind === 'diagnosis' && c.polarity === 'inclusion') for (const code of c.spec.codes) codes.add(code);
    for (const code of codes) {
      if (code === ONCOTREE_ROOT) {
        if (!this.panCancer.includes(i)) this.panCancer.push(i);
      } else this.push(this.byCode, code, i);
    }
    if (!codes.size && trial.cohorts.some((c) => c.criteria.length) && !this.panCancer.includes(i)) this.panCancer.push(i);
    for (const g of trial.genes) this.push(this.byGene, g, i);
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
    return [...out].sort((a, b) => a - b);
  }
}

/** Light per-criterion result used for ranking (no explanation strings). */
type Lite = Pick<CriterionResult, 'criterionId' | 'kind' | 'polarity' | 'status' | 'source' | 'confidence' | 'overridden'>;

/** A criterion's status for the patient, or the clinician's override of it (and whether it was overridden). */
function criterionStatus(trialId: string, c: CompiledCriterion, view: PatientView, overrides: Map<string, CriterionOverride>): [CriterionStatus, boolean] {
  const o = overrides.size ? overrides.get(`${trialId}#${c.id}`) : undefined;
  return o ? [o.status, true] : [statusFrom(c.polarity, quickHolds(c.spec, view)), false];
}

function liteResults(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>): Lite[] {
  const out: Lite[] = new Array(criteria.length);
  for (let k = 0; k < criteria.length; k++) {
    const c = criteria[k];
    const [status, overridden] = criterionStatus(trialId, c, view, overrides);
    out[k] = { criterionId: c.id, kind: c.spec.kind, polarity: c.polarity, status, source: c.source, confidence: c.confidence, overridden };
  }
  return out;
}

function fullResults(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>): CriterionResult[] {
  const out = criteria.map((c) => {
    const r = evaluateCriterion(c, view);
    r.criterionId = `${trialId}#${c.id}`;
    const o = overrides.get(r.criterionId);
    if (!o) return r;
    return { ...r, status: o.status, overridden: true, computedStatus: r.status, reason: o.status === r.status ? r.reason : `${r.reason} (overridden by clinician${o.note ? ': ' + o.note : ''})` };
  });
  // alternatives in one sentence ("exon 19 deletion or L858R"): say so on the ones not met
  const met = new Set(out.filter((r) => r.kind === 'alteration' && r.polarity === 'inclusion' && r.status === 'match').map((r) => r.source));
  for (const r of out) if (r.kind === 'alteration' && r.polarity === 'inclusion' && r.status !== 'match' && met.has(r.source)) r.reason += ' (an alternative in the same sentence is met)';
  return out;
}

const OPEN = new Set(['recruiting', 'not_yet_recruiting', 'enrolling_by_invitation', 'approved', 'in_review']);

/**
 * Demographic status: structured age/sex fields decide when present; several text age statements are
 * read as alternatives (subgroups), so they exclude only when none of them is met.
 */
export function demographicStatus(results: Array<Pick<CriterionResult, 'kind' | 'status' | 'confidence' | 'overridden'>>): TrialMatchResult['demographics'] {
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

interface Scored {
  i: number;
  v: Verdict;
  score: number;
  dRel: TrialMatchResult['diseaseRelation'];
  gRel: TrialMatchResult['geneRelation'];
  demographics: TrialMatchResult['demographics'];
  km?: number;
  site?: number;
  cohorts: Array<{ id: string; label: string; open: boolean; v: Verdict }>;
}

const VERDICT_ORDER = { match: 3, unknown: 2, not_eligible: 1, no_match: 0 };

function nearest(e: Entry, lat: number, lon: number, cosLat: number): { km: number; site: number } | undefined {
  const s = e.sites;
  if (!s.length) return undefined;
  let best = Infinity;
  let bi = -1;
  for (let k = 0; k < s.length; k += 3) {
    const dLat = s[k] - lat;
    const dLon = s[k + 1] - lon;
    const h = Math.sin(dLat / 2) ** 2 + cosLat * s[k + 2] * Math.sin(dLon / 2) ** 2;
    if (h < best) {
      best = h;
      bi = k / 3;
    }
  }
  return { km: 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(best))), site: e.siteIdx[bi] };
}

/**
 * Single-pass verdict and demographic status over a trial's own criteria, without per-criterion
 * objects. Same rules as verdictOf + demographicStatus (tests check they agree); falls back to them
 * when a sentence holds alternative alterations.
 */
export function fastVerdict(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>, freeText = 0): { v: Verdict; demographics: TrialMatchResult['demographics'] } | undefined {
  let match = 0;
  let noMatch = 0;
  let unknown = freeText;
  let structured = 0;
  let structuredUnknown = 0;
  let topicalFail = false;
  let otherFail = false;
  let topical = 0;
  let topicalAllMatch = true;
  let sexFail = false;
  let sAge = 0;
  let sAgeFail = false;
  let tAge = 0;
  let tAgeFail = 0;
  let tAgeMatch = false;
  let sAgeMatch = false;
  let sexMatch = false;
  // inclusion alterations of one sentence are alternatives: [source, anyMatch, allNoMatch, maxConfidence]
  let groups: Array<[string, boolean, boolean, number]> | undefined;
  for (let k = 0; k < criteria.length; k++) {
    const c = criteria[k];
    const kind = c.spec.kind;
    const [status, overridden] = criterionStatus(trialId, c, view, overrides);
    if (status === 'match') match++;
    else if (status === 'no_match') noMatch++;
    else unknown++;
    if (kind === 'alteration' && c.polarity === 'inclusion' && !overridden) {
      groups ??= [];
      let g: [string, boolean, boolean, number] | undefined;
      for (const x of groups) if (x[0] === c.source) g = x;
      if (!g) groups.push([c.source, status === 'match', status === 'no_match', c.confidence]);
      else {
        g[1] = g[1] || status === 'match';
        g[2] = g[2] && status === 'no_match';
        g[3] = Math.max(g[3], c.confidence);
      }
      continue;
    }
    if (kind !== 'free_text') {
      structured++;
      if (status === 'unknown') structuredUnknown++;
    }
    const decisive = c.confidence >= 0.6 || overridden;
    const isTopicalIncl = (kind === 'diagnosis' || kind === 'alteration') && c.polarity === 'inclusion';
    if (isTopicalIncl) {
      topical++;
      if (status !== 'match') topicalAllMatch = false;
    }
    if (status === 'no_match' && decisive) {
      if (isTopicalIncl) topicalFail = true;
      else otherFail = true;
    }
    if (decisive && (kind === 'age' || kind === 'sex')) {
      if (kind === 'sex') {
        if (status === 'no_match') sexFail = true;
        if (status === 'match') sexMatch = true;
      } else if (c.confidence >= 1) {
        sAge++;
        if (status === 'no_match') sAgeFail = true;
        if (status === 'match') sAgeMatch = true;
      } else {
        tAge++;
        if (status === 'no_match') tAgeFail++;
        if (status === 'match') tAgeMatch = true;
      }
    }
  }
  if (groups) {
    for (const [, anyMatch, allNo, conf] of groups) {
      const status: CriterionStatus = anyMatch ? 'match' : allNo ? 'no_match' : 'unknown';
      structured++;
      if (status === 'unknown') structuredUnknown++;
      topical++;
      if (status !== 'match') topicalAllMatch = false;
      if (status === 'no_match' && conf >= 0.6) topicalFail = true;
    }
  }
  const decided = match + noMatch;
  const metShare = decided ? match / decided : 0;
  const verdict = topicalFail ? 'no_match' : otherFail ? 'not_eligible' : topical && topicalAllMatch ? 'match' : 'unknown';
  const unknownShare = structured ? structuredUnknown / structured : 1;
  const level = verdict === 'match' ? (unknownShare <= 0.34 ? 'high' : 'medium') : verdict === 'unknown' ? (metShare >= 0.5 && match >= 2 ? 'medium' : 'low') : 'low';
  let demographics: TrialMatchResult['demographics'];
  if (!sexFail && !sexMatch && !sAge && !tAge) demographics = 'not_discussed';
  else if (sexFail || (sAge && sAgeFail) || (!sAge && tAge && tAgeFail === tAge)) demographics = 'excludes';
  else demographics = sexMatch || (sAge ? sAgeMatch : tAgeMatch) ? 'matches' : 'not_discussed';
  return { v: { verdict, level, metShare, counts: { match, no_match: noMatch, unknown } }, demographics };
}

function scoreEntry(e: Entry, i: number, view: PatientView, overrides: Map<string, CriterionOverride>, point?: { lat: number; lon: number; cos: number }): Scored {
  const trial = e.trial;
  const fast = trial.cohorts.length ? undefined : overrides.size ? fastVerdict(trial.id, trial.eligibility.criteria, view, overrides) : fastVerdict(trial.id, e.structured, view, overrides, e.freeText);
  if (fast) return finishScore(e, i, view, fast.v, fast.demographics, [], point);
  const results = liteResults(trial.id, trial.eligibility.criteria, view, overrides);
  let v = verdictOf(results as CriterionResult[]);
  const cohorts: Scored['cohorts'] = [];
  if (trial.cohorts.length) {
    let all: Lite[] | undefined;
    for (const co of trial.cohorts) {
      if (!co.criteria.length) continue;
      const cr = liteResults(trial.id, co.criteria, view, overrides);
      all = all ? all.concat(cr) : results.concat(cr);
      const cv = verdictOf([...results, ...cr] as CriterionResult[], co.tree ? { op: 'and', children: [...results.map((r) => ({ ref: r.criterionId })), co.tree] } : undefined);
      cohorts.push({ id: co.id, label: co.label, open: co.open, v: cv });
    }
    if (cohorts.length && all) {
      // the trial is as good as its best cohort (open cohorts first)
      const best = [...cohorts].sort((a, b) => Number(b.open) - Number(a.open) || VERDICT_ORDER[b.v.verdict] - VERDICT_ORDER[a.v.verdict])[0];
      const counts = { match: 0, no_match: 0, unknown: 0 };
      for (const r of all) counts[r.status]++;
      const decided = counts.match + counts.no_match;
      v = { verdict: best.v.verdict, level: best.v.level, counts, metShare: decided ? counts.match / decided : 0 };
    }
  }
  return finishScore(e, i, view, v, demographicStatus(results), cohorts, point);
}

function finishScore(e: Entry, i: number, view: PatientView, v: Verdict, demographics: TrialMatchResult['demographics'], cohorts: Scored['cohorts'], point?: { lat: number; lon: number; cos: number }): Scored {
  const trial = e.trial;
  const dRel = diseaseRelation(trial, view.p.oncotreeCode, e.narrowed);
  const gr = geneRelation(trial, view.p, view.alterations);
  const near = point ? nearest(e, point.lat, point.lon, point.cos) : undefined;
  const score = rankScore({ verdict: v.verdict, level: v.level, metShare: v.metShare, diseaseRelation: dRel, geneRelation: gr.relation }, trial.phases, near?.km, e.depth, {
    disease: diseaseFocus(trial.diseaseCodes, view.p.oncotreeCode),
    genes: gr.perGene.filter((g) => g.relation !== 'not_targeted').length,
  });
  return { i, v, score, dRel, gRel: gr.relation, demographics, km: near?.km, site: near?.site, cohorts };
}

function explain(index: TrialIndex, s: Scored, view: PatientView, overrides: Map<string, CriterionOverride>): TrialMatchResult {
  const { trial } = index.entries[s.i];
  const results = fullResults(trial.id, trial.eligibility.criteria, view, overrides);
  const cohorts: CohortMatch[] = [];
  for (const co of trial.cohorts) {
    if (!co.criteria.length) continue;
    const c = s.cohorts.find((x) => x.id === co.id)!;
    cohorts.push({ cohortId: co.id, label: co.label, open: co.open, verdict: c.v.verdict, level: c.v.level, results: fullResults(trial.id, co.criteria, view, overrides) });
  }
  const site = s.site !== undefined ? trial.sites[s.site] : undefined;
  return {
    trialId: trial.id,
    verdict: s.v.verdict,
    level: s.v.level,
    score: s.score,
    metShare: s.v.metShare,
    counts: s.v.counts,
    diseaseRelation: s.dRel,
    geneRelation: s.gRel,
    demographics: s.demographics,
    results,
    cohorts,
    nearestSite: site && s.km !== undefined ? { name: site.name, distanceKm: Math.round(s.km * 10) / 10, countryCode: site.address?.countryCode, status: site.status } : undefined,
  };
}

function pointOf(view: PatientView) {
  const pt = view.p.location?.point;
  return pt ? { lat: pt.lat * RAD, lon: pt.lon * RAD, cos: Math.cos(pt.lat * RAD) } : undefined;
}

/** Best k by score (ties: index order, i.e. load order), without sorting everything. */
function topK(scored: Scored[], k: number): Scored[] {
  const byScore = (a: Scored, b: Scored) => b.score - a.score || a.i - b.i;
  if (!Number.isFinite(k) || scored.length <= k * 2) return scored.sort(byScore).slice(0, k);
  const scores = Float64Array.from(scored, (s) => s.score).sort();
  const threshold = scores[scores.length - k];
  return scored.filter((s) => s.score >= threshold).sort(byScore).slice(0, k);
}

/** Evaluates one trial (and each of its cohorts) for a prepared patient, with full explanations. */
export function matchTrial(trial: Trial, view: PatientView, overrides: Map<string, CriterionOverride> = new Map()): TrialMatchResult {
  const index = new TrialIndex([trial]);
  return explain(index, scoreEntry(index.entries[0], 0, view, overrides, pointOf(view)), view, overrides);
}

/**
 * Matches one patient against the index: every candidate trial (or every trial when exhaustive) is
 * evaluated and ranked; the best `limit` come back with per-criterion explanations.
 */
export function matchPatient(index: TrialIndex, patient: PatientData, options: MatchOptions = {}): TrialMatchResult[] {
  const view = viewPatient(patient);
  const overrides = new Map((options.overrides ?? []).map((o) => [o.criterionId, o]));
  const ids = options.exhaustive ? index.entries.map((_, i) => i) : index.candidates(patient);
  const point = pointOf(view);
  const scored: Scored[] = [];
  for (const i of ids) {
    const e = index.entries[i];
    if (options.recruitingOnly && !OPEN.has(e.trial.overallStatus)) continue;
    if (options.location && options.location.kind !== 'global' && !filterSites(e.trial.sites, options.location).length) continue;
    scored.push(scoreEntry(e, i, view, overrides, point));
  }
  const limit = options.limit ?? 100;
  return topK(scored, limit).map((s) => explain(index, s, view, overrides));
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

export { viewPatient, evaluateCriterion, evaluateSpec, quickHolds } from './evaluate';
export { verdictOf, evaluateTree, combine } from './verdict';
export { diseaseRelation, geneRelation, rankScore } from './ranking';
export * from './geo';
export { countryCode, continentOf, countryByCode, COUNTRIES } from './countries';
