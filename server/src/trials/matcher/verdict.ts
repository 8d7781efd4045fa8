import type { CriterionResult, CriterionStatus, CriterionTree, MatchLevel, TrialVerdict } from '@oncodesk/shared/contracts';

const TOPICAL = new Set(['diagnosis', 'alteration']);
/** Criteria below this confidence never decide a no_match / not_eligible verdict on their own. */
export const DECISIVE_CONFIDENCE = 0.6;

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
 * Inclusion alterations compiled from one sentence are alternatives ("EGFR exon 19 deletion or
 * L858R"): they count as one criterion whose status is their OR.
 */
export function groupAlternatives(results: CriterionResult[]): CriterionResult[] {
  const groups = new Map<string, CriterionResult[]>();
  const out: CriterionResult[] = [];
  for (const r of results) {
    if (r.kind === 'alteration' && r.polarity === 'inclusion' && !r.overridden) {
      const g = groups.get(r.source);
      if (g) g.push(r);
      else {
        const list = [r];
        groups.set(r.source, list);
        out.push(r);
      }
    } else out.push(r);
  }
  return out.map((r) => {
    const g = r.kind === 'alteration' && r.polarity === 'inclusion' ? groups.get(r.source) : undefined;
    if (!g || g.length < 2) return r;
    const status = combine('or', g.map((x) => x.status));
    const best = g.find((x) => x.status === status) ?? r;
    return { ...best, status, confidence: Math.max(...g.map((x) => x.confidence)) };
  });
}

export interface Verdict {
  verdict: TrialVerdict;
  level: MatchLevel;
  metShare: number;
  counts: { match: number; no_match: number; unknown: number };
}

/** Trial / cohort verdict from criterion results (plain AND, or a tree when given). */
/**
 * How strong a verdict is: a match is high when at most a third of its structured criteria stayed
 * unknown; an undecided trial is medium when most decided criteria are met (two at least).
 */
export function levelOf(verdict: TrialVerdict, unknownShare: number, metShare: number, matched: number): MatchLevel {
  if (verdict === 'match') return unknownShare <= 0.34 ? 'high' : 'medium';
  if (verdict === 'unknown') return metShare >= 0.5 && matched >= 2 ? 'medium' : 'low';
  return 'low';
}

export function verdictOf(results: CriterionResult[], tree?: CriterionTree): Verdict {
  const counts = { match: 0, no_match: 0, unknown: 0 };
  for (const r of results) counts[r.status]++;
  const decided = counts.match + counts.no_match;
  const metShare = decided ? counts.match / decided : 0;
  let verdict: TrialVerdict;
  if (tree) {
    const byId = new Map(results.map((r) => [r.criterionId, r]));
    const st = evaluateTree(tree, byId);
    if (st === 'match') verdict = 'match';
    else if (st === 'no_match') verdict = results.some((r) => r.status === 'no_match' && TOPICAL.has(r.kind)) ? 'no_match' : 'not_eligible';
    else verdict = 'unknown';
  } else {
    results = groupAlternatives(results);
    const fails = results.filter((r) => r.status === 'no_match' && (r.confidence >= DECISIVE_CONFIDENCE || r.overridden));
    const topical = results.filter((r) => TOPICAL.has(r.kind) && r.polarity === 'inclusion');
    if (fails.some((r) => TOPICAL.has(r.kind) && r.polarity === 'inclusion')) verdict = 'no_match';
    else if (fails.length) verdict = 'not_eligible';
    else if (topical.length && topical.every((r) => r.status === 'match')) verdict = 'match';
    else verdict = 'unknown';
  }
  const structured = results.filter((r) => r.kind !== 'free_text');
  const unknownShare = structured.length ? structured.filter((r) => r.status === 'unknown').length / structured.length : 1;
  return { verdict, level: levelOf(verdict, unknownShare, metShare, counts.match), metShare, counts };
}
