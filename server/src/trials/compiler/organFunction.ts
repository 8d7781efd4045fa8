import type { CriterionSpec } from '@oncodesk/shared/contracts';
import type { Detected, Detector } from './types';

type System = Extract<CriterionSpec, { kind: 'organ_function' }>['system'];

const SYSTEMS: Array<[RegExp, System]> = [
  [/\b(?:bone marrow|marrow|ha?ematolog\w*|hematopoietic|haematopoietic|blood counts?)\b/i, 'marrow'],
  [/\b(?:hepatic|liver)\b/i, 'liver'],
  [/\b(?:renal|kidney)\b/i, 'kidney'],
  [/\b(?:cardiac|heart|cardiovascular)\b/i, 'heart'],
  [/\b(?:pulmonary|lung|respiratory)\b/i, 'lung'],
  [/\b(?:coagulation|clotting)\b/i, 'coagulation'],
  [/\b(?:organ|end-?organ|biological)\b/i, 'overall'],
];
/** A statement about function without a number: "Adequate bone marrow, liver and renal function", "Inadequate renal function". */
const FUNCTION = /\b(?:adequate|sufficient|satisfactory|acceptable|normal|good|inadequate|insufficient|impaired|abnormal|poor)\s+(?:baseline\s+)?(?:[\w-]+(?:,|\s+and|\s+or|\s+and\/or)?\s+){0,6}?(?:functions?|reserve|status|parameters)\b|\b(?:organ|hepatic|liver|renal|kidney|cardiac|marrow)\s+(?:dys-?function|insufficiency|impairment|failure)\b/i;
const BAD = /\b(?:inadequate|insufficient|impaired|abnormal|poor|dysfunction|insufficiency|impairment|failure)\b/i;

/**
 * Organ-function requirements stated without thresholds. Thresholds ("ANC >= 1500/mm3") compile to lab
 * criteria; this records what the sentence asks so the clinician checks it, and stays unknown.
 */
export const detectOrganFunction: Detector = (s, ctx) => {
  const m = FUNCTION.exec(s);
  if (!m) return [];
  // heart failure, liver failure etc. are comorbidities; "organ failure" is not a function statement
  if (/\bfailure\b/i.test(m[0]) && !/organ/i.test(m[0])) return [];
  const bad = BAD.test(m[0]);
  const span = s.slice(Math.max(0, m.index - 10), m.index + m[0].length + 40);
  const out: Detected[] = [];
  for (const [re, system] of SYSTEMS) {
    if (!re.test(span)) continue;
    if (system === 'overall' && out.length) continue;
    // the spec states "adequate function": a statement of dysfunction excludes it
    const section = ctx.negated ? (ctx.section === 'inclusion' ? 'exclusion' : 'inclusion') : ctx.section;
    out.push({ spec: { kind: 'organ_function', system }, confidence: 0.7, polarity: bad ? (section === 'exclusion' ? 'inclusion' : 'exclusion') : section, ownsNegation: true });
  }
  if (!out.length && !bad) out.push({ spec: { kind: 'organ_function', system: 'overall' }, confidence: 0.7 });
  return out;
};
