import type { CriterionSpec } from '@oncodesk/shared/contracts';

/**
 * A compiled criterion's identity for memoising its truth per patient: its JSON. Two specs with the same
 * JSON describe the same condition, so they hold or fail together; the same condition written with its
 * fields in another order only gets a second key (less sharing, never a wrong answer). Cached per spec
 * object: compiled trials live in the index for many matches, so each spec is serialised once.
 */
const keys = new WeakMap<CriterionSpec, string>();

export function specKey(spec: CriterionSpec): string {
  let k = keys.get(spec);
  if (k === undefined) {
    k = JSON.stringify(spec);
    keys.set(spec, k);
  }
  return k;
}
