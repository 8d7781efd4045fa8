import { EXCLUDES, renderMessage, type CompiledCriterion, type CriterionKind, type CriterionResult, type CriterionSpec, type CriterionStatus } from '@oncodesk/shared/contracts';
import type { Holds, PatientView } from '../criteria/facts';
import { CRITERIA } from '../criteria/registry';
import type { AnyCriterionModule, Described } from '../criteria/types';
import { specKey } from './specKey';

// The patient view and the facts the criterion kinds share live with the kinds (criteria/facts.ts).
export { targetAlterations, therapyHolds, variantClassMatches, viewPatient, type Holds, type PatientView } from '../criteria/facts';

/** A criterion kind's module (criteria/<kind>/), for a spec of any kind. */
function moduleOf(kind: CriterionKind): AnyCriterionModule {
  const m: AnyCriterionModule | undefined = CRITERIA[kind];
  // a spec of a kind the registry lacks (data that bypassed the contract) fails loudly instead of reading as unknown
  if (!m) throw new Error(`criterion kind without a truth rule: ${kind}`);
  return m;
}

/**
 * A criterion's truth with the patient fact it rests on and the reason, for the explanation the
 * clinician reads. The truth is quickHolds' (the one definition of every kind); this adds only words.
 */
export function evaluateSpec(spec: CriterionSpec, v: PatientView): Holds {
  const key = specKey(spec);
  const memo = (v.explained ??= new Map());
  let h = memo.get(key);
  if (!h) {
    h = explainHolds(spec, v, holdsFor(spec, v));
    memo.set(key, h);
  }
  return h;
}

/**
 * The words of a condition whose truth is known (quickHolds' for this patient): evaluateSpec's, and the hot
 * loop's when it explains a returned trial by the condition ids it already read (matcher/index.ts).
 */
export function explainHolds(spec: CriterionSpec, v: PatientView, holds: boolean | undefined): Holds {
  const { fact, reason } = describeSpec(spec, v, holds);
  // shared by every criterion with this condition: read-only from here on
  const said = renderMessage(reason);
  return Object.freeze({ holds, fact: fact && renderMessage(fact), reason: said, excludesReason: `${EXCLUDES.en}: ${said}`, factMsg: fact, reasonMsg: reason });
}

/** quickHolds, memoised on the view by specKey (the same condition recurs across trials). */
export function holdsFor(spec: CriterionSpec, v: PatientView): boolean | undefined {
  const key = specKey(spec);
  const memo = (v.truths ??= new Map());
  if (memo.has(key)) return memo.get(key);
  const h = quickHolds(spec, v);
  memo.set(key, h);
  return h;
}

/** The patient fact and the reason behind a truth value, as messages: the kind's describe (criteria/<kind>/). */
function describeSpec(spec: CriterionSpec, v: PatientView, holds: boolean | undefined): Described {
  return moduleOf(spec.kind).describe(spec, v, holds);
}

export function statusFrom(polarity: 'inclusion' | 'exclusion', holds: boolean | undefined): CriterionStatus {
  if (holds === undefined) return 'unknown';
  return polarity === 'inclusion' ? (holds ? 'match' : 'no_match') : holds ? 'no_match' : 'match';
}

/** Evaluates one criterion for a patient. */
export function evaluateCriterion(c: CompiledCriterion, v: PatientView): CriterionResult {
  return criterionResult(c, evaluateSpec(c.spec, v));
}

/** A criterion's result from its condition's truth and words (evaluateSpec or explainHolds). */
export function criterionResult(c: CompiledCriterion, h: Holds): CriterionResult {
  // one literal, optional fields set after: the explained path builds thousands of these per search
  const r: CriterionResult = {
    criterionId: c.id,
    kind: c.spec.kind,
    polarity: c.polarity,
    status: statusFrom(c.polarity, h.holds),
    source: c.source,
    patientFact: h.fact,
    reason: c.polarity === 'exclusion' ? h.excludesReason : h.reason,
    reasonMsg: h.reasonMsg,
    confidence: c.confidence,
    origin: c.origin,
    overridden: false,
  };
  if (h.factMsg) r.factMsg = h.factMsg;
  if (c.spec.kind === 'free_text' && c.spec.decides) r.decides = c.spec.decides;
  return r;
}

/**
 * Whether the patient has the condition a spec describes: true, false or undefined (unknown). The one
 * definition of every criterion kind's truth is its module's `holds` (criteria/<kind>/): the ranking hot
 * loop, the single-pass verdict and the explained results (evaluateSpec adds the words) all read it.
 * Allocation-free; per-patient facts are derived once per view.
 */
export function quickHolds(spec: CriterionSpec, v: PatientView): boolean | undefined {
  return moduleOf(spec.kind).holds(spec, v);
}
