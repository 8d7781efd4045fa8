import type { MedicationRequest, Patient, Procedure, Condition } from '@medplum/fhirtypes';
import type { TreatmentCourse } from '@oncodesk/shared/contracts';
import { mcodeProfiles, snomed, systems } from '../profiles';
import { answer, concept, refTo, stableId, type ExportContext } from './context';

/**
 * Prior medicines as completed mCODE cancer-related medication requests. RxNorm codes are not known
 * to the survey: the medicine is its name, with the survey's own answer as a coding so an OncoDesk
 * import reads back the same drug, class or regimen.
 */
export function medicationRequests(ctx: ExportContext, patient: Patient, primary: Condition): MedicationRequest[] {
  const items = answer<Array<string | TreatmentCourse>>(ctx, 'prior_treatments') ?? [];
  return items.map((item) => {
    const value = typeof item === 'string' ? item : item.value;
    const label = ctx.labels[value] ?? value;
    return {
      resourceType: 'MedicationRequest',
      id: stableId(ctx.folderId, `medication:${value}`),
      meta: { profile: [mcodeProfiles.cancerRelatedMedicationRequest] },
      status: 'completed',
      intent: 'order',
      medicationCodeableConcept: { coding: [{ system: systems.surveyDrug, code: value, display: label }], text: label },
      subject: refTo(patient),
      reasonReference: [refTo(primary)],
    };
  });
}

const OTHER_LOCAL: Record<string, string> = {
  liver_directed: 'Liver-directed therapy (TACE, TARE/SIRT or ablation)',
  radioactive_iodine: 'Radioactive iodine (I-131) therapy',
  intravesical: 'Intravesical therapy (BCG or chemotherapy into the bladder)',
};

/** Surgery and radiotherapy under their mCODE profiles; the other local therapies as plain procedures. */
export function procedures(ctx: ExportContext, patient: Patient, primary: Condition): Procedure[] {
  const items = answer<string[]>(ctx, `local_treatments.${ctx.focusArea}`) ?? [];
  return items.flatMap((item): Procedure[] => {
    const base = { resourceType: 'Procedure' as const, id: stableId(ctx.folderId, `procedure:${item}`), status: 'completed' as const, subject: refTo(patient), reasonReference: [refTo(primary)] };
    if (item === 'surgery') return [{ ...base, meta: { profile: [mcodeProfiles.cancerRelatedSurgicalProcedure] }, code: concept(systems.snomed, snomed.surgicalProcedure, 'Surgical procedure (procedure)', 'Surgery to remove the tumour') }];
    if (item === 'radiotherapy') return [{ ...base, meta: { profile: [mcodeProfiles.radiotherapyCourseSummary] }, code: concept(systems.snomed, snomed.radiotherapyCourse, 'Radiotherapy course of treatment (regime/therapy)', 'Radiotherapy') }];
    return OTHER_LOCAL[item] ? [{ ...base, code: { text: OTHER_LOCAL[item] } }] : [];
  });
}
