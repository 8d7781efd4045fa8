/**
 * What survey answers mean for the matcher. Answers are stored as keys ("class:anti_ctla4", "heart_failure");
 * here each key maps to the patient model through typed tables (lists.ts), never through its display
 * label: a label read back by the matcher's phrase patterns turned "Immunotherapy: anti-CTLA-4" into
 * anti-PD-1 as well, and "heart_failure" never met the criterion condition "cardiac".
 */
import type { PriorTreatment, TreatmentCourse } from '@oncodesk/shared/contracts';
import { comorbidities, drugClasses, type DrugClass } from './lists';
import { normalizeDrug } from '../vocab/drugKnowledge';
import type { Drug } from './vocab';

const classByKey = new Map(drugClasses.map((c) => [c.key, c]));
const comorbidityByKey = new Map(comorbidities.map((c) => [c.key, c]));

/** The survey classes a drug answer belongs to (its own entry lists them). */
function classesOf(drug: Drug): DrugClass[] {
  return drug.classes.map((k) => classByKey.get(k)).filter((c): c is DrugClass => !!c);
}

/** A drug or drug-class answer as the prior treatment the matcher reads. */
export function treatmentFromDrug(drug: Drug): PriorTreatment {
  if (drug.kind === 'drug_class') {
    const c = classByKey.get(drug.classes[0]);
    const candidates = (c?.drugs ?? []).map((d) => normalizeDrug(d) ?? d.toLowerCase());
    return { name: drug.names.en, kind: c?.supportive ? 'other' : 'drug_class', classes: [...(c?.matcher ?? [])], candidates: [...new Set(candidates)] };
  }
  const own = classesOf(drug);
  const classes = [...new Set(own.flatMap((c) => c.matcher))];
  const supportive = own.length > 0 && own.every((c) => c.supportive);
  return { name: drug.value, kind: supportive ? 'other' : 'drug', classes };
}

/**
 * The survey answer that stands for a criterion condition the language reader names ("cirrhosis" is the answer
 * "liver_cirrhosis"): the answer of that key, else the one answer whose conditions include it; undefined when no
 * answer, or more than one ("cardiac": heart failure, coronary disease or arrhythmia), does: the reader does not
 * choose among them. The inverse of comorbiditiesFromAnswers, read from the same list.
 */
export function answerOfCondition(condition: string): string | undefined {
  if (comorbidityByKey.has(condition)) return condition;
  const holders = comorbidities.filter((c) => (c.matcher as string[]).includes(condition));
  return holders.length === 1 ? holders[0].key : undefined;
}

/** Comorbidity answers as the patient's list: the answer keys (shown to the clinician) and the criterion conditions they meet. */
export function comorbiditiesFromAnswers(keys: string[]): string[] {
  const out = new Set<string>();
  for (const k of keys) {
    out.add(k);
    for (const c of comorbidityByKey.get(k)?.matcher ?? []) out.add(c);
  }
  return [...out];
}

/** A treatment answer's course as the patient model holds it (what the clinician left out stays unset: unknown). */
export function courseOf(c: TreatmentCourse): Pick<PriorTreatment, 'setting' | 'line' | 'bestResponse' | 'progressed'> {
  return {
    ...(c.setting ? { setting: c.setting } : {}),
    ...(c.line !== undefined ? { line: c.line } : {}),
    ...(c.response ? { bestResponse: c.response } : {}),
    ...(c.progressed ? { progressed: c.progressed === 'yes' } : {}),
  };
}
