import { z } from 'zod';
import { isSafeText } from './text';
import { FocusArea } from './patient';
import { AnswerValue, QuestionId } from './survey';

/**
 * mCODE (FHIR R4) import and export of a patient folder. An import reads a Bundle into survey answers,
 * each with the resource it came from ("Observation/abc") so the interface can show where an answer
 * was read; what could not become an answer is listed with a machine-readable reason.
 */

/** POST /patients/import?focusArea=breast&name=... (body: a FHIR R4 Bundle). */
export const FhirImportQuery = z.object({
  /** Used when the bundle's primary cancer does not say which focus area it is (and must agree when it does). */
  focusArea: FocusArea.optional(),
  /** Folder name; default: the Patient's name, else "Imported patient". */
  name: z.string().trim().min(1, { error: 'required' }).max(80, { error: 'too_long' }).refine(isSafeText, { error: 'text_invalid_chars' }).optional(),
});
export type FhirImportQuery = z.infer<typeof FhirImportQuery>;

/** A resource reference inside the imported bundle, "ResourceType/id" (or the entry's fullUrl when it has no id). */
export const FhirResourceRef = z.string().max(300);

/**
 * One imported answer with its source. Multi-answers (metastasis sites, alterations, prior treatments,
 * local treatments) give one entry per item, `value` being the item as stored.
 */
export const FhirImportedAnswer = z.object({
  questionId: QuestionId,
  /** The value as stored (validated and normalised by the survey). */
  value: AnswerValue,
  /** The resource the answer was read from; the first one when several gave it (e.g. prior treatments). */
  resource: FhirResourceRef,
  /** Every resource that gave this value, when more than one did (the same medicine in two statements). */
  resources: z.array(FhirResourceRef).optional(),
});
export type FhirImportedAnswer = z.infer<typeof FhirImportedAnswer>;

export const FhirSkipped = z.object({
  resource: FhirResourceRef,
  /** Machine-readable: not_in_focus_area, unknown_code, invalid_answer:<survey code>, not_numeric, ... */
  reason: z.string().max(120),
  /** What was read, for display ("Microsatellite instability: Positive"). */
  detail: z.string().max(300).optional(),
});
export type FhirSkipped = z.infer<typeof FhirSkipped>;

export const FhirImportResponse = z.object({
  patientId: z.string(),
  focusArea: FocusArea,
  imported: z.array(FhirImportedAnswer),
  skipped: z.array(FhirSkipped),
});
export type FhirImportResponse = z.infer<typeof FhirImportResponse>;

/** GET /patients/:id/fhir answers a FHIR R4 Bundle (type collection) of mCODE STU4 resources. */
export const FhirExportParams = z.object({ id: z.string().min(1).max(64) });
export type FhirExportParams = z.infer<typeof FhirExportParams>;
