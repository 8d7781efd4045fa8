import type { Trial } from '@oncodesk/shared/contracts';

/**
 * A record's study design as ClinicalTrials.gov states it, in words a reader can quote: the legacy XML
 * writes "Randomized", "Single Group Assignment", "None (Open Label)"; API v2 writes the same as enums
 * ("RANDOMIZED", "SINGLE_GROUP", "NONE"), read here as words. "N/A" / "NA" (allocation of a one-arm
 * study) states nothing and is left out; nothing is inferred.
 */
const words = (v: string | undefined): string | undefined => {
  const t = v?.trim();
  if (!t || /^n\/?a$/i.test(t)) return undefined;
  if (!/^[A-Z_]+$/.test(t)) return t;
  const lower = t.replace(/_/g, ' ').toLowerCase();
  return lower[0].toUpperCase() + lower.slice(1);
};

export function designOf(allocation?: string, model?: string, masking?: string): Trial['design'] {
  const d = { allocation: words(allocation), model: words(model), masking: words(masking) };
  return d.allocation || d.model || d.masking ? Object.fromEntries(Object.entries(d).filter(([, v]) => v)) : undefined;
}
