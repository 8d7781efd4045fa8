import { z } from 'zod';
import { isSafeText } from './text';
import { FocusArea } from './patient';

/**
 * Patient folders: one per patient a clinician pre-screens. A folder owns its survey answers, cached
 * match results per search, likes per trial and criterion overrides; deleting it deletes all of them.
 */

/** Server-generated folder id (a UUID); the survey routes call it `patientId`. */
export const PatientId = z.string().min(1).max(64);
export type PatientId = z.infer<typeof PatientId>;

const FolderName = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(80, { error: 'too_long' })
  .refine(isSafeText, { error: 'text_invalid_chars' });

export const PatientFolder = z.object({
  id: PatientId,
  name: z.string(),
  focusArea: FocusArea,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Share of the survey answered, 0..1 (0 before the first answer). */
  progress: z.number().min(0).max(1),
  /** Every required question answered (optional ones may stay empty). */
  complete: z.boolean(),
  /** Searches cached for this folder (search keys, newest first). */
  searches: z.array(z.string()),
  /** Search credits this folder's searches took in the current period (the same ledger the plan counts). */
  creditsUsed: z.number().int(),
});
export type PatientFolder = z.infer<typeof PatientFolder>;

/** POST /patients */
export const CreatePatientRequest = z.object({ name: FolderName, focusArea: FocusArea });
export type CreatePatientRequest = z.infer<typeof CreatePatientRequest>;

/** PATCH /patients/:id: rename and/or change the focus area (a new focus area starts a new survey). */
export const UpdatePatientRequest = z
  .object({ name: FolderName.optional(), focusArea: FocusArea.optional() })
  .refine((b) => b.name !== undefined || b.focusArea !== undefined, { error: 'required' });
export type UpdatePatientRequest = z.infer<typeof UpdatePatientRequest>;

export const PatientParams = z.object({ id: PatientId });
export const PatientsResponse = z.object({ patients: z.array(PatientFolder) });
export type PatientsResponse = z.infer<typeof PatientsResponse>;
