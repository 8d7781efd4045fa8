import type { CompiledCriterion, CriterionSpec, CriterionOverride, CriterionResult, CriterionStatus, LocationFilter, MatchChange, PatientData, Trial, TrialVerdict, CohortMatch } from '@oncodesk/shared/contracts';
import { DEFAULT_PURPOSES, EARTH_RADIUS_KM, PrimaryPurpose, TrialMatchResult, isOpenSite, isOpenStatus, type MatchLevel } from '@oncodesk/shared/contracts';
import { criterionResult, evaluateCriterion, evaluateSpec, explainHolds, holdsFor, quickHolds, statusFrom, viewPatient, type Holds, type PatientView } from './evaluate';
import { specKey } from './specKey';
import { DECISIVE_CONFIDENCE, NO_ALTERNATIVE_YET, VerdictTally, alternativeGroup, isRuledOut, alternativesStatus, countStatuses, dimensionOf, givesWayToCohort, isAlternative, isCounted, isTopical, speaksToLevel, statesEligibility, tallyCriteria, trialFromCohorts, verdictOf, withAlternative, type Verdict } from './verdict';
import { CRITERIA } from '../criteria/registry';
import { NARROWING, addressedGenes, diseaseDepth, diseaseFocus, diseaseRelation, geneRelation, phaseWeight, rankScore, scoreOf, titleGenes, type DiseaseRel, type GeneRel } from './ranking';
import { siteMatchesFilter } from './geo';
import { ancestors, isWithin, oncoNode, subtree, ONCOTREE_ROOT } from '../../vocab/diseaseTree';
import { normalizeGene } from '../../vocab/geneNames';

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
  /** Study purposes to keep (default DEFAULT_PURPOSES: treatment and not stated); 'all' keeps every study. */
  purposes?: readonly PrimaryPurpose[] | 'all';
  /**
   * Open trials first: `limit` is then the best trials open to enrolment (isOpenStatus), followed by the best
   * `closed` of the others (the results page keeps them behind a switch), so a closed trial never outranks
   * an open one and a filter on openness applies to the whole result. Ignored with recruitingOnly.
   */
  closed?: number;
  /** Verdicts to keep (default every one), before the best are kept: a verdict filter over the whole catalogue. */
  verdicts?: readonly TrialVerdict[];
  /**
   * Told of every candidate that passes recruitingOnly and purposes, with its verdict, before the location, the
   * verdicts and the best are kept (counts over the whole catalogue, trials/service.ts). Costs a verdict per candidate.
   */
  seen?: (trial: Trial, verdict: TrialVerdict) => void;
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
  /** Genes the interventions address (targets and pathways), and genes named in title / conditions / keywords. */
  addressed: string[];
  titled: string[];
  /** statesEligibility: the record states criteria of its own (else it cannot support a match). */
  stated: boolean;
  /** Sources of the trial-level unread sentences that decide eligibility (free text with `decides`): no match while unknown. */
  undecidedBy: string[];
}

const RAD = Math.PI / 180;

const F_INCL = 1;
const F_DECISIVE = 2;
/** A screening check (verdict.ts speaksToLevel): decides like any criterion, never lowers the level. */
const F_SCREENING = 4;
/** An inclusion of a topical kind (verdict.ts isTopical: disease, alteration): unmet, another disease or target. */
const F_TOPICAL_INCL = 32;
/** Set on every member of an alternative group when the group's best confidence is decisive. */
const F_GROUP_DECISIVE = 64;
/** Where a criterion's coverage dimension (verdict.ts DIM_*) and its alternative group sit in its flag word. */
const DIM_SHIFT = 8;
const GROUP_SHIFT = 12;


/**
 * All trials' evaluation-ready data packed in one growable array of ints, one contiguous block per trial
 * (blocks in index order), so the hot loop reads a trial from a few cache lines instead of chasing
 * objects; the one real number per trial, its phase weight, is in TrialIndex.phase. Block layout from its
 * offset:
 *   +0 structured criteria n, +1 alternative groups, +2 free-text criteria, +3 T_* flags,
 *   +4 disease codes nc, +5 genes ng,
 *   +6 genes the interventions address na, +7 genes the title / conditions / keywords name nt,
 *   +8 the trial's gene signature (geneSigIds: its targets and genes; trials naming the same share one, so
 *   the gene relation is worked out once per signature and patient), -1 when it names no gene,
 *   +9 disease depth (diseaseDepth),
 *   +10 nc interned code ids, ng interned gene ids, na and nt interned gene ids,
 *   then 2 words per structured criterion: F_* flags | DIM_* bits << 8 | group << 12, and the id of its
 *   condition (the index's specIds: identical conditions across trials share one id, so the hot loop works
 *   out each condition's truth once per patient through quickHolds, the one definition, and reads it after).
 * Replacing a trial appends a new block (the old one is left unused).
 */
class Packed {
  w = new Int32Array(1 << 16);
  len = 0;
  reserve(n: number): number {
    if (this.len + n > this.w.length) {
      // from a trimmed store (even an empty one): grow by at least the initial size
      let size = Math.max(1 << 16, this.w.length * 2);
      while (size < this.len + n) size *= 2;
      const w = new Int32Array(size);
      w.set(this.w.subarray(0, this.len));
      this.w = w;
    }
    const at = this.len;
    this.len += n;
    return at;
  }
  /** Gives back the room doubling left unused (after a bulk build: up to half the store at a million trials). */
  trim(): void {
    if (this.w.length > this.len) this.w = this.w.slice(0, this.len);
  }
}

const T_NARROWED = 1;
const T_OPEN = 2;
const T_COHORTS = 4;
const T_UNSTATED = 8;
/** The trial has an unread sentence deciding eligibility (Entry.undecidedBy): bit 8, above the purpose bits. */
const T_UNDECIDED = 1 << 8;
/**
 * The best tally the trial's own criteria can give (hotTally with every criterion and group met): its verdict
 * (index in VERDICTS) in bits 9-10, its level (index in LEVELS) in bits 11-12 and its share of criteria met
 * (1 or 0: none decided) in bit 13. hotTerms bounds the trial's score with them (a trial without a deciding
 * disease or target, with an unread deciding sentence or without stated criteria cannot reach a match).
 */
const BEST_SHIFT = 9;
const VERDICTS: readonly TrialVerdict[] = ['match', 'unknown', 'not_eligible', 'no_match'];
const LEVELS: readonly MatchLevel[] = ['high', 'medium', 'low'];
/** The trial's primary purpose, as its index in PrimaryPurpose.options, sits in bits 4-7 of the flags word. */
const PURPOSE_SHIFT = 4;
const PURPOSES = PrimaryPurpose.options;
const TREATMENT = PURPOSES.indexOf('treatment');
/** Bit mask of the purposes a search keeps (TrialIndex.purposeBit gives a trial's bit). */
export function purposeMask(purposes: readonly PrimaryPurpose[] | 'all'): number {
  return purposes === 'all' ? 0xffff : purposes.reduce((m, p) => m | (1 << PURPOSES.indexOf(p)), 0);
}
const HEAD = 10;

/** Compiles a trial (its structured trial-level criteria, disease codes and genes) into the packed store. */
function compileTrial(store: Packed, e: Entry, ids: Vocab): number {
  const { codeIds, geneIds } = ids;
  const { trial, structured: criteria } = e;
  const geneSet = new Set(trial.genes);
  for (const t of trial.targets) geneSet.add(t.gene);
  const codes = trial.diseaseCodes.map((c) => codeIds.id(c));
  const genes = [...geneSet].map((g) => geneIds.id(g));
  const addressed = e.addressed.map((g) => geneIds.id(g));
  const titled = e.titled.map((g) => geneIds.id(g));
  const n = criteria.length;
  const size = HEAD + codes.length + genes.length + addressed.length + titled.length + 2 * n;
  const at = store.reserve(size);
  const W = store.w;
  W[at] = n;
  W[at + 2] = e.freeText;
  W[at + 3] = (e.narrowed ? T_NARROWED : 0) | (isOpenStatus(trial.overallStatus) ? T_OPEN : 0) | (trial.cohorts.some((co) => co.criteria.length > 0) ? T_COHORTS : 0) | (e.stated ? 0 : T_UNSTATED) | (e.undecidedBy.length ? T_UNDECIDED : 0) | (PURPOSES.indexOf(trial.primaryPurpose ?? 'unknown') << PURPOSE_SHIFT);
  W[at + 4] = codes.length;
  W[at + 5] = genes.length;
  W[at + 6] = addressed.length;
  W[at + 7] = titled.length;
  W[at + 8] = genes.length ? ids.geneSigIds.id(JSON.stringify([trial.targets, trial.genes]), trial) : -1;
  W[at + 9] = e.depth;
  let p = at + HEAD;
  for (const c of codes) W[p++] = c;
  for (const g of genes) W[p++] = g;
  for (const g of addressed) W[p++] = g;
  for (const g of titled) W[p++] = g;
  const ops = p;
  const sources: string[] = [];
  const conf: number[] = [];
  for (let k = 0; k < n; k++) {
    const c = criteria[k];
    const spec = c.spec;
    const kind = spec.kind;
    let f = c.polarity === 'inclusion' ? F_INCL : 0;
    if (c.confidence >= DECISIVE_CONFIDENCE) f |= F_DECISIVE;
    if (isTopical(kind) && c.polarity === 'inclusion') f |= F_TOPICAL_INCL;
    // no override here: a trial with one is scored by scoreEntry (matchPlan's slow)
    if (isAlternative(kind, c.polarity, false)) {
      const key = alternativeGroup(kind, c.source);
      let g = sources.indexOf(key);
      if (g < 0) {
        g = sources.length;
        sources.push(key);
        conf.push(c.confidence);
      } else conf[g] = Math.max(conf[g], c.confidence);
      f |= (g + 1) << GROUP_SHIFT;
    }
    f |= dimensionOf(kind) << DIM_SHIFT;
    if (!speaksToLevel(kind)) f |= F_SCREENING;
    W[ops + 2 * k] = f;
    W[ops + 2 * k + 1] = ids.specIds.id(specKey(spec), spec);
  }
  for (let k = 0; k < n; k++) {
    const g = W[ops + 2 * k] >> GROUP_SHIFT;
    if (g && conf[g - 1] >= DECISIVE_CONFIDENCE) W[ops + 2 * k] |= F_GROUP_DECISIVE;
  }
  W[at + 1] = sources.length;
  return at;
}

/** Interned vocabularies of an index (ids used by the compiled trials). */
interface Vocab {
  codeIds: Interner;
  geneIds: Interner;
  /** Conditions of the structured criteria (by specKey), with the first spec seen of each. */
  specIds: Interner<CriterionSpec>;
  /** What the gene relation reads of a trial (its targets and genes), with the first trial seen of each. */
  geneSigIds: Interner<Pick<Trial, 'targets' | 'genes'>>;
}

/**
 * Index-wide interning by a string key (disease codes, genes, conditions): `list` holds, per id, the value
 * first seen under its key (the string itself, or the condition's spec).
 */
class Interner<T = string> {
  readonly ids = new Map<string, number>();
  readonly list: T[] = [];
  id(key: string, value: T = key as unknown as T): number {
    let i = this.ids.get(key);
    if (i === undefined) {
      i = this.list.length;
      this.ids.set(key, i);
      this.list.push(value);
    }
    return i;
  }
}

/** One shared empty list for the many trials without open sites or unread deciding sentences (frozen: never written). */
const NONE: never[] = Object.freeze([]) as unknown as never[];
const NO_POINTS = new Float64Array(0);

function prepare(trial: Trial): Entry {
  const idx: number[] = [];
  const arr: number[] = [];
  trial.sites.forEach((s, i) => {
    if (s.point && isOpenSite(s.status)) {
      arr.push(s.point.lat * RAD, s.point.lon * RAD, Math.cos(s.point.lat * RAD));
      idx.push(i);
    }
  });
  const text = trial.conditions.length ? trial.conditions.join('; ') : trial.briefTitle;
  const structured = trial.eligibility.criteria.filter((c) => c.spec.kind !== 'free_text' && isCounted(c.spec.kind));
  const addressed = addressedGenes(trial);
  const titled = titleGenes(trial);
  const undecidedBy = trial.eligibility.criteria.flatMap((c) => (c.spec.kind === 'free_text' && c.spec.decides ? [c.source] : []));
  return {
    trial,
    depth: diseaseDepth(trial.diseaseCodes),
    narrowed: NARROWING.test(text),
    sites: arr.length ? Float64Array.from(arr) : NO_POINTS,
    siteIdx: idx.length ? idx : NONE,
    structured,
    freeText: trial.eligibility.criteria.filter((c) => c.spec.kind === 'free_text').length,
    addressed: addressed.length ? addressed : NONE,
    titled: titled.length ? titled : NONE,
    stated: statesEligibility(trial),
    undecidedBy: undecidedBy.length ? undecidedBy : NONE,
  };
}

/** Trials held in memory, precompiled and indexed by OncoTree code and gene. */
export class TrialIndex {
  readonly entries: Entry[] = [];
  private readonly byId = new Map<string, number>();
  private readonly byCode = new Map<string, number[]>();
  private readonly byGene = new Map<string, number[]>();
  private readonly panCancer: number[] = [];
  /** Interned disease codes and genes of the trials (ids used by the compiled entries). */
  readonly codeIds = new Interner();
  readonly geneIds = new Interner();
  readonly specIds = new Interner<CriterionSpec>();
  readonly geneSigIds = new Interner<Pick<Trial, 'targets' | 'genes'>>();
  /** Compiled trials (see Packed) and each entry's block offset. */
  readonly packed = new Packed();
  offsets = new Int32Array(0);
  /** Per trial (by index): its phase weight (ranking.ts phaseWeight). */
  phase = new Float64Array(0);
  /** Per-trial mark for collecting candidates without a Set (generation-stamped). */
  private stamp = new Uint32Array(0);
  private generation = 0;

  constructor(trials: Trial[] = []) {
    for (const t of trials) this.add(t);
    this.packed.trim();
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
    const e = prepare(trial);
    this.entries[i] = e;
    if (this.offsets.length <= i) {
      const size = Math.max(1024, this.offsets.length * 2, i + 1);
      const o = new Int32Array(size);
      o.set(this.offsets);
      this.offsets = o;
      const ph = new Float64Array(size);
      ph.set(this.phase);
      this.phase = ph;
    }
    this.phase[i] = phaseWeight(trial.phases);
    this.offsets[i] = compileTrial(this.packed, e, this);
    const best = hotTally(this, i, BEST_CONTEXT, true);
    const verdict = best.verdict();
    this.packed.w[this.offsets[i] + 3] |= (VERDICTS.indexOf(verdict) | (LEVELS.indexOf(best.level(verdict)) << 2) | (best.metShare === 1 ? 16 : 0)) << BEST_SHIFT;
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

  /** Whether the trial at index i is open to enrolment (isOpenStatus of its overall status), from its packed flags. */
  isOpen(i: number): boolean {
    return (this.packed.w[this.offsets[i] + 3] & T_OPEN) !== 0;
  }

  /** The trial at index i's primary purpose ('unknown' when not stated) as its bit in a purposeMask. */
  purposeBit(i: number): number {
    return 1 << ((this.packed.w[this.offsets[i] + 3] >> PURPOSE_SHIFT) & 15);
  }

  /** Trials that can concern this patient, in no particular order (each once). */
  candidateList(p: PatientData): number[] {
    if (this.stamp.length < this.entries.length) this.stamp = new Uint32Array(Math.max(1024, this.entries.length * 2));
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const stamp = this.stamp;
    const out: number[] = [];
    const add = (list: number[] | undefined) => {
      if (!list) return;
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        if (stamp[i] !== gen) {
          stamp[i] = gen;
          out.push(i);
        }
      }
    };
    add(this.panCancer);
    if (p.oncotreeCode) {
      const code = p.oncotreeCode.toUpperCase();
      for (const a of ancestors(code)) add(this.byCode.get(a));
      for (const d of subtree(code)) add(this.byCode.get(d));
    }
    for (const a of p.alterations ?? []) add(this.byGene.get(normalizeGene(a.gene) ?? a.gene.toUpperCase()));
    return out;
  }

  /** Trials that can concern this patient: disease in the patient's lineage or subtree, targeted genes, pan-cancer. */
  candidates(p: PatientData): number[] {
    return this.candidateList(p).sort((a, b) => a - b);
  }
}

/** Light per-criterion result used for ranking (no explanation strings). */
type Lite = Pick<CriterionResult, 'criterionId' | 'kind' | 'polarity' | 'status' | 'source' | 'confidence' | 'overridden' | 'decides'>;

/** A criterion's status for the patient, or the clinician's override of it (and whether it was overridden). */
function criterionStatus(trialId: string, c: CompiledCriterion, view: PatientView, overrides: Map<string, CriterionOverride>): [CriterionStatus, boolean] {
  const o = overrides.size ? overrides.get(`${trialId}#${c.id}`) : undefined;
  return o ? [o.status, true] : [statusFrom(c.polarity, holdsFor(c.spec, view)), false];
}

function liteResults(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>): Lite[] {
  const out: Lite[] = new Array(criteria.length);
  for (let k = 0; k < criteria.length; k++) {
    const c = criteria[k];
    const [status, overridden] = criterionStatus(trialId, c, view, overrides);
    out[k] = { criterionId: c.id, kind: c.spec.kind, polarity: c.polarity, status, source: c.source, confidence: c.confidence, overridden, decides: c.spec.kind === 'free_text' ? c.spec.decides : undefined };
  }
  return out;
}

/** `explained`: the criteria's truths and words already worked out (hotExplained), in their order. */
function fullResults(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>, explained?: readonly Holds[]): CriterionResult[] {
  const out = criteria.map((c, k) => {
    const r = explained ? criterionResult(c, explained[k]) : evaluateCriterion(c, view);
    r.criterionId = `${trialId}#${c.id}`;
    const o = overrides.size ? overrides.get(r.criterionId) : undefined;
    if (!o) return r;
    return { ...r, status: o.status, overridden: true, computedStatus: r.status, ...(o.by ? { overriddenBy: o.by } : {}), ...(o.at ? { overriddenAt: o.at } : {}), reason: o.status === r.status ? r.reason : `${r.reason} (overridden by clinician${o.note ? ': ' + o.note : ''})` };
  });
  // alternatives in one sentence ("exon 19 deletion or L858R"): say so on the ones not met
  let met: Set<string> | undefined;
  for (const r of out) if (CRITERIA[r.kind].alternatives && r.polarity === 'inclusion' && r.status === 'match') (met ??= new Set()).add(alternativeGroup(r.kind, r.source));
  if (met) for (const r of out) if (CRITERIA[r.kind].alternatives && r.polarity === 'inclusion' && r.status !== 'match' && met.has(alternativeGroup(r.kind, r.source))) r.reason += ' (an alternative in the same sentence is met)';
  return out;
}

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
  km?: number;
  site?: number;
  cohorts: Array<{ id: string; label: string; open: boolean; v: Verdict }>;
  /** Scored by the hot loop (no cohorts, no override): its criteria are explained by their condition ids. */
  hot?: boolean;
}

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
  return { km: 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(best))), site: e.siteIdx[bi] };
}

/**
 * Single-pass verdict over a trial's own criteria, without per-criterion objects: the rules of verdictOf
 * (the same VerdictTally; tests check the two agree). Alternative alterations of one sentence are grouped
 * as verdictOf groups them. The demographic status a card shows is worked out only for the trials returned
 * (fullResults), so it is not computed here.
 */
export function fastVerdict(trialId: string, criteria: CompiledCriterion[], view: PatientView, overrides: Map<string, CriterionOverride>, freeText = 0, stated = true, undecidedBy: readonly string[] = []): Verdict {
  const tally = new VerdictTally().reset(stated);
  tally.unknown = freeText;
  // free text left out of `criteria` (freeText > 0): its deciding sentences come as undecidedBy
  for (const source of undecidedBy) tally.unreadDeciding(source);
  return tallyCriteria(tally, liteResults(trialId, criteria, view, overrides)).result();
}

function scoreEntry(e: Entry, i: number, view: PatientView, overrides: Map<string, CriterionOverride>, point?: { lat: number; lon: number; cos: number }): Scored {
  const trial = e.trial;
  // cohorts without criteria of their own (registry arms) do not change the verdict
  if (!trial.cohorts.some((co) => co.criteria.length > 0)) {
    const v = overrides.size ? fastVerdict(trial.id, trial.eligibility.criteria, view, overrides, 0, e.stated) : fastVerdict(trial.id, e.structured, view, overrides, e.freeText, e.stated, e.undecidedBy);
    return finishScore(e, i, view, v, [], point);
  }
  const results = liteResults(trial.id, trial.eligibility.criteria, view, overrides);
  let v = verdictOf(results as CriterionResult[]);
  const cohorts: Scored['cohorts'] = [];
  if (trial.cohorts.length) {
    let all: Lite[] | undefined;
    for (const co of trial.cohorts) {
      if (!co.criteria.length) continue;
      const cr = liteResults(trial.id, co.criteria, view, overrides);
      all = all ? all.concat(cr) : results.concat(cr);
      // the trial's own criteria apply to each cohort, except those that give way to the cohort's (its disease)
      const shared = results.filter((_, k) => !givesWayToCohort(trial.eligibility.criteria[k], co.criteria));
      const cv = verdictOf([...shared, ...cr] as CriterionResult[], co.tree ? { op: 'and', children: [...shared.map((r) => ({ ref: r.criterionId })), co.tree] } : undefined);
      cohorts.push({ id: co.id, label: co.label, open: co.open, v: cv });
    }
    if (all) {
      v = trialFromCohorts(cohorts, countStatuses(all)) ?? v;
    }
  }
  return finishScore(e, i, view, v, cohorts, point);
}

function finishScore(e: Entry, i: number, view: PatientView, v: Verdict, cohorts: Scored['cohorts'], point?: { lat: number; lon: number; cos: number }): Scored {
  const trial = e.trial;
  const dRel = diseaseRelation(trial, view.p.oncotreeCode, e.narrowed);
  const gr = geneRelation(trial, view.p, view.targetAlterations);
  const near = point ? nearest(e, point.lat, point.lon, point.cos) : undefined;
  let addressed = 0;
  let titled = 0;
  for (const a of view.targetAlterations) {
    if (a.category === 'wild_type') continue;
    if (e.addressed.includes(a.gene)) addressed = 1;
    if (e.titled.includes(a.gene)) titled = 1;
  }
  const score = rankScore({ verdict: v.verdict, level: v.level, metShare: v.metShare, diseaseRelation: dRel, geneRelation: gr.relation }, trial.phases, near?.km, e.depth, {
    disease: diseaseFocus(trial.diseaseCodes, view.p.oncotreeCode),
    genes: gr.perGene.filter((g) => g.relation !== 'not_targeted').length,
    addressed,
    titled,
    treatment: trial.primaryPurpose === 'treatment' ? 1 : 0,
  });
  return { i, v, score, dRel, gRel: gr.relation, km: near?.km, site: near?.site, cohorts };
}

function explain(index: TrialIndex, s: Scored, view: PatientView, overrides: Map<string, CriterionOverride>, ctx?: HotContext): TrialMatchResult {
  const { trial } = index.entries[s.i];
  const results = fullResults(trial.id, trial.eligibility.criteria, view, overrides, s.hot && ctx ? hotExplained(index, s.i, ctx) : undefined);
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
    coverage: s.v.coverage,
    diseaseRelation: s.dRel,
    geneRelation: s.gRel,
    // from the explained statuses: the same criteria and overrides every scoring path read (demographicStatus)
    demographics: demographicStatus(results),
    results,
    cohorts,
    nearestSite: site && s.km !== undefined ? { name: site.name, distanceKm: Math.round(s.km * 10) / 10, countryCode: site.address?.countryCode, status: site.status } : undefined,
  };
}

function pointOf(view: PatientView) {
  const pt = view.p.location?.point;
  return pt ? { lat: pt.lat * RAD, lon: pt.lon * RAD, cos: Math.cos(pt.lat * RAD) } : undefined;
}

/** Evaluates one trial (and each of its cohorts) for a prepared patient, with full explanations. */
export function matchTrial(trial: Trial, view: PatientView, overrides: Map<string, CriterionOverride> = new Map()): TrialMatchResult {
  const index = new TrialIndex([trial]);
  return explain(index, scoreEntry(index.entries[0], 0, view, overrides, pointOf(view)), view, overrides);
}

/**
 * Per-call patient context for the hot loop: the relation of every interned disease code to the
 * patient's diagnosis, the interned ids of the patient's altered genes, the point in radians.
 */
interface HotContext {
  view: PatientView;
  /** Per code id: 0 unrelated, 1 in the patient's lineage (broader), 2 root, 3 in the subtree (narrower), 4 the patient's code. */
  codeRel: Int8Array;
  /** Per code id: 1 when the code concerns the patient (lineage or subtree, root excluded). */
  codeFocus: Uint8Array;
  validCode: boolean;
  /** Interned ids of the patient's altered (not wild-type) genes; -1 when no trial names the gene. */
  genes: Int32Array;
  altered: boolean;
  point?: { lat: number; lon: number; cos: number };
  /** Scratch for the alternative groups of one trial: bit 1 any match, bit 2 all no_match so far. */
  groupState: Uint8Array;
  /** The verdict rules' accumulator, reset per trial. */
  tally: VerdictTally;
  /** Per condition id (specIds): its truth for this patient, 1 / 0 / -1 unknown, or NOT_YET until first read. */
  holds: Int8Array;
  /** Per gene signature (geneSigIds): the gene relation as its index in GENE_RELS, or -1 until first needed. */
  geneRel: Int8Array;
  /** Per gene signature: how many of the patient's genes the trial targets (set with geneRel). */
  geneFocus: Uint8Array;
  /** Set while hotScored explains a trial: the tally then keeps the unread deciding sentences themselves. */
  explaining: boolean;
  /** Per condition id: its words for this patient, made when a returned trial first needs them (hotExplained). */
  explained?: Array<Holds | undefined>;
  /** The ranking terms of the trial last scored besides its criteria (hotTerms; hotScore and hotScored read them). */
  terms: HotTerms;
}

interface HotTerms {
  dRel: DiseaseRel;
  gRel: GeneRel;
  focus: number;
  focusGenes: number;
  addressed: number;
  titled: number;
  km: number | undefined;
  phase: number;
  depth: number;
  treatment: number;
}
const NOT_YET = 2;
/** The context hotTally reads with allMet (no patient: only its tally and group scratch). */
const BEST_CONTEXT = { tally: new VerdictTally(), groupState: new Uint8Array(64), explaining: false } as unknown as HotContext;

function hotContext(index: TrialIndex, view: PatientView, point?: HotContext['point']): HotContext {
  const pc = view.p.oncotreeCode;
  const validCode = !!pc && !!oncoNode(pc);
  const list = index.codeIds.list;
  const codeRel = new Int8Array(list.length);
  const codeFocus = new Uint8Array(list.length);
  if (validCode) {
    const p = pc!.toUpperCase();
    for (let k = 0; k < list.length; k++) {
      const c = list[k];
      codeRel[k] = c === p ? 4 : isWithin(c, p) ? 3 : c === ONCOTREE_ROOT ? 2 : isWithin(p, c) ? 1 : 0;
      codeFocus[k] = c !== ONCOTREE_ROOT && (isWithin(c, p) || isWithin(p, c)) ? 1 : 0;
    }
  }
  const altered = view.targetAlterations.filter((a) => a.category !== 'wild_type');
  const genes = Int32Array.from(altered, (a) => index.geneIds.ids.get(a.gene) ?? -1);
  return {
    view,
    codeRel,
    codeFocus,
    validCode,
    genes,
    altered: altered.length > 0,
    point,
    groupState: new Uint8Array(64),
    tally: new VerdictTally(),
    holds: new Int8Array(index.specIds.list.length).fill(NOT_YET),
    geneRel: new Int8Array(index.geneSigIds.list.length).fill(-1),
    geneFocus: new Uint8Array(index.geneSigIds.list.length),
    explaining: false,
    terms: { dRel: 'unknown', gRel: 'none', focus: 0, focusGenes: 0, addressed: 0, titled: 0, km: undefined, phase: 0, depth: 0, treatment: 0 },
  };
}


const DREL: DiseaseRel[] = ['not_disease', 'more_general', 'more_general', 'more_specific', 'exact'];
/** The contract's gene relations, by index (the per-signature table stores the index). */
const GENE_RELS: readonly GeneRel[] = TrialMatchResult.shape.geneRelation.options;

/**
 * A trial's ranking terms besides its criteria (disease and gene relations and focus, the genes it addresses
 * and names, distance, phase, depth, purpose), into ctx for hotScore, and the best score the trial could
 * reach whatever its criteria say: its best tally (every criterion met, BEST_SHIFT), no better than a match at
 * level high with every decided criterion met (scoreOf grows with verdict, level and share; top-k-bound.test
 * checks both). The search leaves a trial whose bound the heap of the best refuses.
 */
function hotTerms(index: TrialIndex, i: number, ctx: HotContext): number {
  const W = index.packed.w;
  const at = index.offsets[i];
  const nc = W[at + 4];
  const ng = W[at + 5];
  const na = W[at + 6];
  const nt = W[at + 7];
  // disease relation and focus
  let dRel: DiseaseRel = 'unknown';
  let focus = 0;
  if (ctx.validCode && nc) {
    let best = 0;
    let rel = 0;
    for (let k = 0; k < nc; k++) {
      const c = W[at + HEAD + k];
      const r = ctx.codeRel[c];
      if (r > best) best = r;
      rel += ctx.codeFocus[c];
    }
    dRel = best === 4 && W[at + 3] & T_NARROWED ? 'more_specific' : DREL[best];
    focus = rel / nc;
  }
  // gene relation: full computation only when the trial names one of the patient's genes
  let gRel: GeneRel = ctx.altered ? 'not_targeted' : 'none';
  let focusGenes = 0;
  if (ctx.altered && ng) {
    let overlap = false;
    const g0 = at + HEAD + nc;
    for (let a = 0; a < ctx.genes.length && !overlap; a++) {
      const id = ctx.genes[a];
      if (id < 0) continue;
      for (let k = 0; k < ng; k++)
        if (W[g0 + k] === id) {
          overlap = true;
          break;
        }
    }
    if (overlap) {
      const sig = W[at + 8];
      let r = ctx.geneRel[sig];
      if (r < 0) {
        const gr = geneRelation(index.geneSigIds.list[sig], ctx.view.p, ctx.view.targetAlterations);
        let n = 0;
        for (const x of gr.perGene) if (x.relation !== 'not_targeted') n++;
        r = ctx.geneRel[sig] = GENE_RELS.indexOf(gr.relation);
        ctx.geneFocus[sig] = n;
      }
      gRel = GENE_RELS[r];
      focusGenes = ctx.geneFocus[sig];
    }
  }
  let addressed = 0;
  let titled = 0;
  if (ctx.altered) {
    const a0 = at + HEAD + nc + ng;
    const t0 = a0 + na;
    for (let a = 0; a < ctx.genes.length; a++) {
      const id = ctx.genes[a];
      if (id < 0) continue;
      for (let k = 0; k < na; k++) if (W[a0 + k] === id) addressed = 1;
      for (let k = 0; k < nt; k++) if (W[t0 + k] === id) titled = 1;
    }
  }
  const t = ctx.terms;
  t.dRel = dRel;
  t.gRel = gRel;
  t.focus = focus;
  t.focusGenes = focusGenes;
  t.addressed = addressed;
  t.titled = titled;
  t.km = ctx.point ? nearestKm(index.entries[i], ctx.point.lat, ctx.point.lon, ctx.point.cos) : undefined;
  t.phase = index.phase[i];
  t.depth = W[at + 9];
  t.treatment = ((W[at + 3] >> PURPOSE_SHIFT) & 15) === TREATMENT ? 1 : 0;
  const best = W[at + 3] >> BEST_SHIFT;
  return termsScore(t, VERDICTS[best & 3], LEVELS[(best >> 2) & 3], (best >> 4) & 1);
}

/** The ranking score of a verdict, level and share of criteria met with a trial's other terms (hotTerms' ctx.terms). */
function termsScore(t: HotTerms, verdict: TrialVerdict, level: MatchLevel, metShare: number): number {
  return scoreOf(verdict, level, metShare, t.dRel, t.gRel, t.phase, t.km, t.depth, t.focus, t.focusGenes, t.addressed, t.titled, t.treatment);
}

/**
 * The ranking score of one trial without cohorts or overrides, allocation-free: the verdict over the
 * precompiled criteria (same rules as fastVerdict), the disease relation from the per-call code table,
 * the gene relation (computed in full only when the trial names one of the patient's genes), distance.
 * Equal to scoreEntry(...).score (tests check it on the shared trials).
 */
function hotScore(index: TrialIndex, i: number, ctx: HotContext): number;
function hotScore(index: TrialIndex, i: number, ctx: HotContext, heap: TopHeap): number | undefined;
function hotScore(index: TrialIndex, i: number, ctx: HotContext, heap?: TopHeap): number | undefined {
  hotTerms(index, i, ctx);
  const tally = hotTally(index, i, ctx, false, heap);
  if (!tally) return undefined;
  const verdict = tally.verdict();
  return termsScore(ctx.terms, verdict, tally.level(verdict), tally.metShare);
}

/** hotTally's cut for a caller that asks only whether a trial is ruled out: its tally then stops at a settled verdict. */
const RULED_OUT = Symbol('ruled out');

/**
 * The verdict rules' tally (ctx.tally) over one trial's own criteria, without cohorts or overrides: what
 * hotScore ranks by, and all a count needs of a trial (its verdict, tally.verdict()). Each condition's truth
 * is worked out once per search (ctx.holds) through quickHolds, the one definition of every kind. `allMet`:
 * every criterion and group taken as met, no patient read (the best tally, TrialIndex.add; BEST_CONTEXT).
 */
function hotTally(index: TrialIndex, i: number, ctx: HotContext, allMet?: boolean, cut?: typeof RULED_OUT): VerdictTally;
function hotTally(index: TrialIndex, i: number, ctx: HotContext, allMet: boolean, cut: TopHeap | undefined): VerdictTally | undefined;
function hotTally(index: TrialIndex, i: number, ctx: HotContext, allMet = false, cut?: TopHeap | typeof RULED_OUT): VerdictTally | undefined {
  const W = index.packed.w;
  const at = index.offsets[i];
  const n = W[at];
  const groups = W[at + 1];
  const ops = at + HEAD + W[at + 4] + W[at + 5] + W[at + 6] + W[at + 7];
  const specs = index.specIds.list;
  const holds = ctx.holds;
  let gs = ctx.groupState;
  if (groups > gs.length) gs = ctx.groupState = new Uint8Array(groups * 2);
  for (let g = 0; g < groups; g++) gs[g] = NO_ALTERNATIVE_YET;
  const tally = ctx.tally.reset((W[at + 3] & T_UNSTATED) === 0);
  tally.unknown = W[at + 2];
  if (W[at + 3] & T_UNDECIDED) {
    if (ctx.explaining) for (const source of index.entries[i].undecidedBy) tally.unreadDeciding(source);
    else tally.unreadDeciding(1);
  }
  for (let k = 0; k < n; k++) {
    const o = ops + 2 * k;
    const f = W[o];
    const id = W[o + 1];
    let st = 1;
    if (!allMet) {
      // truth of the described condition: 1 true, 0 false, -1 unknown (worked out once per patient)
      let h = holds[id];
      if (h === NOT_YET) {
        const x = quickHolds(specs[id], ctx.view);
        h = holds[id] = x === undefined ? -1 : x ? 1 : 0;
      }
      st = h < 0 ? -1 : ((f & F_INCL) !== 0) === (h === 1) ? 1 : 0;
    }
    const g = f >> GROUP_SHIFT;
    if (g) {
      // bit 4 (the group tallied) is set only below, after every member is read
      gs[g - 1] = withAlternative(gs[g - 1], st);
      continue;
    }
    tally.criterion(st, (f >> DIM_SHIFT) & 15, (f & F_TOPICAL_INCL) !== 0, (f & F_DECISIVE) !== 0, (f & F_SCREENING) === 0, (f & F_INCL) !== 0);
    // a decisive failure settles the verdict (VerdictTally.settled), and the rest need not be read when the caller
    // asks only whether the trial is ruled out (RULED_OUT), or when its heap refuses even that verdict's best score
    // (level high, every decided criterion met, the trial's own terms from hotTerms)
    if (cut && st === 0 && (f & F_DECISIVE) !== 0) {
      const settled = tally.settled();
      if (settled) {
        if (cut === RULED_OUT) return tally;
        if (cut.refuses(termsScore(ctx.terms, settled, 'high', 1), i)) return undefined;
      }
    }
  }
  if (groups) {
    for (let k = 0; k < n; k++) {
      const f = W[ops + 2 * k];
      const g = f >> GROUP_SHIFT;
      if (!g || gs[g - 1] & 4) continue;
      const x = gs[g - 1];
      gs[g - 1] = x | 4;
      // the group as one criterion, with its first member's kind flags (the members share kind and polarity)
      tally.criterion(alternativesStatus(x), (f >> DIM_SHIFT) & 15, (f & F_TOPICAL_INCL) !== 0, (f & F_GROUP_DECISIVE) !== 0, (f & F_SCREENING) === 0, (f & F_INCL) !== 0);
    }
  }
  return tally;
}

function nearestKm(e: Entry, lat: number, lon: number, cosLat: number): number | undefined {
  const s = e.sites;
  if (!s.length) return undefined;
  let best = Infinity;
  for (let k = 0; k < s.length; k += 3) {
    const dLat = s[k] - lat;
    const dLon = s[k + 1] - lon;
    const h = Math.sin(dLat / 2) ** 2 + cosLat * s[k + 2] * Math.sin(dLon / 2) ** 2;
    if (h < best) best = h;
  }
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(best)));
}

/**
 * What scoreEntry gives for a trial the hot loop scores (no cohorts, no override), from the hot loop itself:
 * explaining a returned trial then evaluates its criteria once (for the words), not a second time for the
 * verdict. The property test checks a search's explained results against matchTrial's (scoreEntry's).
 */
function hotScored(index: TrialIndex, i: number, ctx: HotContext): Scored {
  ctx.explaining = true;
  const score = hotScore(index, i, ctx);
  ctx.explaining = false;
  const near = ctx.point ? nearest(index.entries[i], ctx.point.lat, ctx.point.lon, ctx.point.cos) : undefined;
  return { i, v: ctx.tally.result(), score, dRel: ctx.terms.dRel, gRel: ctx.terms.gRel, km: near?.km, site: near?.site, cohorts: [], hot: true };
}

/**
 * The truths and words of a hot-scored trial's own criteria, in their order: a structured criterion by its
 * condition id in the packed block (the truth the hot loop read, explained once per condition and search),
 * free text and consent items through evaluateSpec. Same words as evaluateSpec's: a condition id stands for
 * one specKey, whose truth and words every spec with that key shares.
 */
function hotExplained(index: TrialIndex, i: number, ctx: HotContext): Holds[] {
  const { trial, structured } = index.entries[i];
  const criteria = trial.eligibility.criteria;
  const W = index.packed.w;
  const at = index.offsets[i];
  const ops = at + HEAD + W[at + 4] + W[at + 5] + W[at + 6] + W[at + 7];
  const words = (ctx.explained ??= new Array(index.specIds.list.length));
  const out: Holds[] = new Array(criteria.length);
  // structured is criteria in order less free text and consent: walk both together
  for (let k = 0, j = 0; k < criteria.length; k++) {
    const c = criteria[k];
    if (j < structured.length && structured[j] === c) {
      const id = W[ops + 2 * j++ + 1];
      let h = words[id];
      if (!h) {
        const t = ctx.holds[id];
        h = words[id] = explainHolds(index.specIds.list[id], ctx.view, t === NOT_YET ? holdsFor(c.spec, ctx.view) : t < 0 ? undefined : t === 1);
      }
      out[k] = h;
    } else out[k] = evaluateSpec(c.spec, ctx.view);
  }
  return out;
}

/** Bounded min-heap of (score, index): keeps the best k, ties broken by lower index (load order). */
class TopHeap {
  private readonly s: Float64Array;
  private readonly i: Int32Array;
  size = 0;
  constructor(readonly k: number) {
    this.s = new Float64Array(k);
    this.i = new Int32Array(k);
  }
  /** a is worse than b */
  private worse(sa: number, ia: number, sb: number, ib: number): boolean {
    return sa < sb || (sa === sb && ia > ib);
  }
  push(score: number, idx: number): void {
    const { s, i } = this;
    if (this.size < this.k) {
      let c = this.size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!this.worse(score, idx, s[p], i[p])) break;
        s[c] = s[p];
        i[c] = i[p];
        c = p;
      }
      s[c] = score;
      i[c] = idx;
      return;
    }
    if (!this.k || !this.worse(s[0], i[0], score, idx)) return;
    let c = 0;
    const n = this.size;
    for (;;) {
      const l = 2 * c + 1;
      if (l >= n) break;
      const r = l + 1;
      const w = r < n && this.worse(s[r], i[r], s[l], i[l]) ? r : l;
      if (!this.worse(s[w], i[w], score, idx)) break;
      s[c] = s[w];
      i[c] = i[w];
      c = w;
    }
    s[c] = score;
    i[c] = idx;
  }
  /**
   * Whether push(score, idx) would keep nothing: the heap is full and (score, idx) is no better than its worst.
   * A heap that refuses (score, idx) refuses every lower score at idx too (what hotScore's bound relies on).
   */
  refuses(score: number, idx: number): boolean {
    return this.size >= this.k && (!this.k || !this.worse(this.s[0], this.i[0], score, idx));
  }
  /** Indices, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, k) => k);
    order.sort((a, b) => this.s[b] - this.s[a] || this.i[a] - this.i[b]);
    return order.map((k) => this.i[k]);
  }
}

/** Trial ids named by override keys ("<trialId>#<criterion id>", criterion ids may hold '#'). */
function overriddenTrials(overrides: Map<string, CriterionOverride>): Set<string> {
  const out = new Set<string>();
  for (const key of overrides.keys()) for (let k = key.indexOf('#'); k > 0; k = key.indexOf('#', k + 1)) out.add(key.slice(0, k));
  return out;
}

/**
 * Matches one patient against the index: every candidate trial (or every trial when exhaustive) is
 * evaluated and ranked; the best `limit` come back with per-criterion explanations.
 */
export function matchPatient(index: TrialIndex, patient: PatientData, options: MatchOptions = {}): TrialMatchResult[] {
  return matchAll(matchPlan(index, patient, options));
}

/**
 * The same match in slices of about `sliceMs` of CPU, giving the event loop back between them (setImmediate),
 * so other requests are served while a search over the whole index runs (one search is ~60-270 ms in one
 * piece on this project's machines). Same results as matchPatient: the same plan, scanned in parts.
 */
export async function matchPatientInSlices(index: TrialIndex, patient: PatientData, options: MatchOptions = {}, sliceMs = 10): Promise<TrialMatchResult[]> {
  return matchInSlices(matchPlan(index, patient, options), slicer(sliceMs));
}

/** Gives the event loop back (setImmediate) once about `sliceMs` of CPU went by since it last did. */
export function slicer(sliceMs = 10): () => Promise<void> {
  let t0 = performance.now();
  return async () => {
    if (performance.now() - t0 < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    t0 = performance.now();
  };
}

/** Work of a plan is done in steps of this many candidates between two looks at the clock (slicer). */
export const SLICE_STEP = 64;

/** A plan's scan, evaluation and explanations in slices (matchPatientInSlices). */
export async function matchInSlices(plan: MatchPlan, breathe: () => Promise<void>): Promise<TrialMatchResult[]> {
  for (let k = 0; k < plan.size; k += SLICE_STEP) {
    plan.scan(k, Math.min(plan.size, k + SLICE_STEP));
    await breathe();
  }
  const held = plan.order();
  for (let k = 0; k < held; k += SLICE_STEP) {
    plan.evaluate(k, Math.min(held, k + SLICE_STEP));
    await breathe();
  }
  const results: TrialMatchResult[] = [];
  for (const i of plan.best()) {
    results.push(plan.explainOne(i));
    await breathe();
  }
  return results;
}

/** A plan scanned and evaluated in one piece, its best explained (matchPatient). */
export function matchAll(plan: MatchPlan): TrialMatchResult[] {
  plan.scan(0, plan.size);
  plan.evaluate(0, plan.order());
  return plan.best().map(plan.explainOne);
}

export type MatchPlan = ReturnType<typeof matchPlan>;

/**
 * One patient's match over the index, to be scanned (all at once or in parts), then its best explained; its
 * candidates' verdicts can be asked after (ruledOut: the counts of a search, searchCounts.ts), reading the truths
 * the scan worked out again instead of a second search deriving them anew.
 */
export function matchPlan(index: TrialIndex, patient: PatientData, options: MatchOptions) {
  const view = viewPatient(patient);
  const overrides = new Map((options.overrides ?? []).map((o) => [o.criterionId, o]));
  const withOverrides = overriddenTrials(overrides);
  // in index order: the scan then reads the packed blocks front to back (memory order), not in list order
  const ids = options.exhaustive ? index.entries.map((_, i) => i) : Int32Array.from(index.candidateList(patient)).sort();
  const point = pointOf(view);
  const ctx = hotContext(index, view, point);
  const limit = options.limit ?? 100;
  const bounded = Number.isFinite(limit) && limit < ids.length;
  const heap = new TopHeap(bounded ? Math.max(0, Math.floor(limit)) : ids.length);
  const apart = options.closed !== undefined && !options.recruitingOnly;
  const closedHeap = apart ? new TopHeap(Math.max(0, Math.min(Math.floor(options.closed!), ids.length))) : heap;
  const location = options.location && options.location.kind !== 'global' ? options.location : undefined;
  const purposes = purposeMask(options.purposes ?? DEFAULT_PURPOSES);
  /** Trials the hot loop cannot score: with cohorts of their own criteria, or with a clinician's override. */
  const slow = (i: number) => (index.packed.w[index.offsets[i] + 3] & T_COHORTS) !== 0 || (withOverrides.size > 0 && withOverrides.has(index.entries[i].trial.id));
  const heapOf = (i: number) => (index.packed.w[index.offsets[i] + 3] & T_OPEN ? heap : closedHeap);
  /** The slow trials scored so far (scoreEntry), by index: the scan scores them, explainOne and ruledOut read them. */
  const slowScores = new Map<number, Scored>();
  const slowScored = (i: number): Scored => {
    let e = slowScores.get(i);
    if (!e) slowScores.set(i, (e = scoreEntry(index.entries[i], i, view, overrides, point)));
    return e;
  };
  /** Whether the scan keeps a candidate at all (open when recruitingOnly, of the purposes), whatever its place and verdict. */
  const kept = (flags: number) => (!options.recruitingOnly || (flags & T_OPEN) !== 0) && (purposes & (1 << ((flags >> PURPOSE_SHIFT) & 15))) !== 0;
  // Trials for the hot loop, held with their bound (hotTerms) until every candidate has one: their criteria are
  // then evaluated best bound first, so the heaps hold strong scores early and refuse more of the rest. The
  // heaps keep the best by (score, index) whatever the order, so the order changes no result.
  // grown as trials are held (a few to a fifth of the candidates): sized to the candidates, these arrays would be
  // megabytes per search at a million trials, and that much outside the heap brings on full collections
  let held = new Int32Array(1024);
  let heldBound = new Float64Array(1024);
  let nHeld = 0;
  /** Positions in held, in the order to evaluate (undefined: as held). */
  let order: Int32Array | undefined;
  return {
    size: ids.length,
    /** Scores the slow candidates of ids[from..to) into the heaps and holds the others with their bound. */
    scan(from: number, to: number): void {
      for (let k = from; k < to; k++) {
        const i = ids[k];
        const flags = index.packed.w[index.offsets[i] + 3];
        if (!kept(flags)) continue;
        // a verdict filter or a count needs every candidate's verdict (no bound may skip one): scored here, once
        if (options.seen || options.verdicts) {
          const e = slow(i) ? slowScored(i) : undefined;
          const score = e ? e.score : hotScore(index, i, ctx);
          const verdict = e ? e.v.verdict : ctx.tally.verdict();
          options.seen?.(index.entries[i].trial, verdict);
          const here = !location || index.entries[i].trial.sites.some((s) => siteMatchesFilter(location, s));
          if (here && (!options.verdicts || options.verdicts.includes(verdict))) (flags & T_OPEN ? heap : closedHeap).push(score, i);
          continue;
        }
        if (location && !index.entries[i].trial.sites.some((s) => siteMatchesFilter(location, s))) continue;
        const best = flags & T_OPEN ? heap : closedHeap;
        if (slow(i)) best.push(slowScored(i).score, i);
        else {
          const bound = hotTerms(index, i, ctx);
          if (best.refuses(bound, i)) continue;
          if (nHeld === held.length) {
            const h = new Int32Array(nHeld * 2);
            h.set(held);
            held = h;
            const b = new Float64Array(nHeld * 2);
            b.set(heldBound);
            heldBound = b;
          }
          held[nHeld] = i;
          heldBound[nHeld++] = bound;
        }
      }
    },
    /**
     * Orders the held trials (after the scan): those whose bound is among the best the heaps keep first, the
     * others after, each part in index order. Returns how many there are to evaluate.
     */
    order(): number {
      const kept = heap.k + (closedHeap === heap ? 0 : closedHeap.k);
      if (nHeld <= kept) return nHeld;
      const cut = heldBound.slice(0, nHeld).sort()[nHeld - kept];
      order = new Int32Array(nHeld);
      let a = 0;
      for (let q = 0; q < nHeld; q++) if (heldBound[q] >= cut) order[a++] = q;
      for (let q = 0; q < nHeld; q++) if (heldBound[q] < cut) order[a++] = q;
      return nHeld;
    },
    /** Scores the ordered held trials [from..to) into the heaps (a trial whose bound a heap now refuses is left). */
    evaluate(from: number, to: number): void {
      for (let q = from; q < to; q++) {
        const at = order ? order[q] : q;
        const i = held[at];
        const best = heapOf(i);
        // the heap may refuse the bound now
        if (best.refuses(heldBound[at], i)) continue;
        // undefined: a decisive failure showed the heap refuses the trial before all its criteria were read
        const score = hotScore(index, i, ctx, best);
        if (score !== undefined) best.push(score, i);
      }
    },
    /** The best entries scanned, in rank order (open ones first when closed ones are kept apart). */
    best: (): number[] => (apart ? [...heap.sorted(), ...closedHeap.sorted()] : heap.sorted()),
    explainOne: (i: number): TrialMatchResult => explain(index, slow(i) ? slowScored(i) : hotScored(index, i, ctx), view, overrides, ctx),
    /** The candidates, in index order (every trial when exhaustive). */
    ids: ids as ArrayLike<number>,
    /**
     * Tells `seen` of each candidate (by its index in the index) of ids[from..to) the scan keeps before the location,
     * the verdicts and the best (recruitingOnly, purposes) whether its verdict rules it out (isRuledOut); only of
     * those `wants` asks for. A trial's criteria are read up to the first that rules it out.
     */
    ruledOut(from: number, to: number, seen: (i: number, ruledOut: boolean) => void, wants?: (i: number) => boolean): void {
      for (let k = from; k < to; k++) {
        const i = ids[k];
        if (!kept(index.packed.w[index.offsets[i] + 3])) continue;
        if (wants && !wants(i)) continue;
        seen(i, isRuledOut(slow(i) ? slowScored(i).v.verdict : hotTally(index, i, ctx, false, RULED_OUT).verdict()));
      }
    },
  };
}

/** Scores of every trial through the hot path and the explained path (for tests: they must agree). */
export function scoreBothPaths(index: TrialIndex, patient: PatientData): Array<{ id: string; hot: number; full: number }> {
  const view = viewPatient(patient);
  const point = pointOf(view);
  const ctx = hotContext(index, view, point);
  return index.entries.flatMap((e, i) => (e.trial.cohorts.some((co) => co.criteria.length > 0) ? [] : [{ id: e.trial.id, hot: hotScore(index, i, ctx), full: scoreEntry(e, i, view, new Map(), point).score }]));
}

/** Re-matches with clinician overrides and reports what changed against the previous results. */
export function rematch(index: TrialIndex, patient: PatientData, previous: TrialMatchResult[], overrides: CriterionOverride[], options: Omit<MatchOptions, 'overrides'> = {}): { results: TrialMatchResult[]; changes: MatchChange[] } {
  const results = matchPatient(index, patient, { ...options, overrides });
  return { results, changes: changesBetween(previous, results) };
}

/** What a re-match changed for the trials in both lists: criteria, verdicts and levels. */
export function changesBetween(previous: TrialMatchResult[], results: TrialMatchResult[]): MatchChange[] {
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
  return changes;
}

export { viewPatient, evaluateCriterion, evaluateSpec, quickHolds } from './evaluate';
export { verdictOf, evaluateTree, combine } from './verdict';
export { diseaseRelation, geneRelation, rankScore } from './ranking';
export * from './geo';
export { countryCode, continentOf, countryByCode, COUNTRIES } from './countries';
