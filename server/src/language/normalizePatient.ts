import { PatientData as PatientSchema, type PatientData } from '@oncodesk/shared/contracts';
import { oncoNode } from '../vocab/diseaseTree';
import { normalizeGene } from '../vocab/geneNames';
import { normalizeDrug } from '../vocab/drugKnowledge';
import { readPatientText, type ReadSpan, type UnplacedSpan } from './patientReader';

/** One piece of the text the normaliser understood. */
export type Span = ReadSpan;

export interface NormalizedPatient {
  patient: PatientData;
  spans: Span[];
  /** Spans of the text nothing could place (and questions such as "?FH-deficient"), never guessed at. */
  notUnderstood: UnplacedSpan[];
  /** Input the normaliser could not use (e.g. an impossible age, an ambiguous number). */
  warnings: string[];
}

const FOCUS: Array<[string, PatientData['focusArea']]> = [
  ['BREAST', 'breast'],
  ['LUNG', 'lung'],
  ['PROSTATE', 'prostate'],
  ['STOMACH', 'stomach'],
  ['LIVER', 'liver'],
  ['BILIARY_TRACT', 'liver'],
  ['THYROID', 'thyroid'],
  ['CERVIX', 'cervix_uteri'],
  ['BLADDER', 'bladder'],
  ['KIDNEY', 'kidney'],
  ['BOWEL', 'colon'],
];

/** The focus area an OncoTree code belongs to (walking up the tree), if any of the ten. */
export function focusOf(code: string): PatientData['focusArea'] {
  let cur = oncoNode(code);
  while (cur) {
    const f = FOCUS.find(([c]) => c === cur!.code);
    if (f) return f[1];
    cur = cur.parent ? oncoNode(cur.parent) : undefined;
  }
  return undefined;
}

/**
 * Free-text patient description -> PatientData plus the spans it understood and those it did not, e.g.
 * "64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX" or
 * "mCRPC, 72M, s/p ADT + abiraterone" or "Donna di 63 anni, carcinoma mammario metastatico ER+ HER2-, dopo
 * palbociclib in prima linea": the clinical language reader (src/language) does the reading.
 */
export function normalizePatient(text: string, base: Partial<PatientData> = {}, writer?: 'en' | 'es' | 'it'): NormalizedPatient {
  const r = readPatientText(text, focusOf, base, writer);
  return { patient: r.patient, spans: r.spans, notUnderstood: r.notUnderstood, warnings: r.warnings };
}

/** Validates a structured patient record (rejects unknown OncoTree codes and impossible values). */
export function validatePatient(input: unknown): { patient?: PatientData; errors: string[] } {
  const r = PatientSchema.safeParse(input);
  if (!r.success) return { errors: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const errors: string[] = [];
  if (r.data.oncotreeCode && !oncoNode(r.data.oncotreeCode)) errors.push(`oncotreeCode: unknown OncoTree code "${r.data.oncotreeCode}"`);
  for (const a of r.data.alterations) if (!normalizeGene(a.gene)) errors.push(`alterations: unknown gene "${a.gene}"`);
  return errors.length ? { errors } : { patient: r.data, errors };
}

export { normalizeDrug };
