import type { CriterionOverride, CriterionResult, TrialMatchResult } from '@oncodesk/shared/contracts';

/**
 * A saved search's results with the folder's current clinician overrides on their criteria: the status
 * the clinician set, who set it and when (or, for an override since removed, the computed status back).
 * Verdicts and levels are the engine's and follow on re-run; this keeps every view of a cached search
 * (results, export, print) showing what the clinician set without spending a search.
 */
export function stampOverrides(results: TrialMatchResult[], overrides: CriterionOverride[]): TrialMatchResult[] {
  const byId = new Map(overrides.map((o) => [o.criterionId, o]));
  const one = (r: CriterionResult): CriterionResult => {
    const o = byId.get(r.criterionId);
    if (!o) {
      if (!r.overridden) return r;
      const { overriddenBy: _by, overriddenAt: _at, computedStatus, ...rest } = r;
      return { ...rest, status: computedStatus ?? r.status, overridden: false };
    }
    return {
      ...r,
      status: o.status,
      overridden: true,
      computedStatus: r.computedStatus ?? r.status,
      ...(o.by ? { overriddenBy: o.by } : {}),
      ...(o.at ? { overriddenAt: o.at } : {}),
    };
  };
  const touched = (m: TrialMatchResult) => [...m.results, ...m.cohorts.flatMap((c) => c.results)].some((r) => r.overridden || byId.has(r.criterionId));
  return results.map((m) => (touched(m) ? { ...m, results: m.results.map(one), cohorts: m.cohorts.map((c) => ({ ...c, results: c.results.map(one) })) } : m));
}
