import type { Bundle } from '@medplum/fhirtypes';
import type { FastifyBaseLogger } from 'fastify';
import type { FhirImportQuery, FhirImportResponse, FocusArea } from '@oncodesk/shared/contracts';
import { AppError } from '../http/errors';
import type { PatientsService } from '../patients/service';
import type { FolderPatients } from '../survey/derivedPatient';
import type { SurveyService } from '../survey/service';
import { buildMcodeBundle } from './mcodeExport';
import { planImport } from './mcodeImport';
import { exportIssues } from './validate';

export interface FhirDeps {
  patients: PatientsService;
  folders: FolderPatients;
  survey: SurveyService;
  log: FastifyBaseLogger;
}

/**
 * mCODE import into a new patient folder and export of a folder. The provenance of imported answers
 * (which resource gave which answer) is returned, not stored: no existing column holds it cleanly.
 */
export function fhirService({ patients, folders, survey, log }: FhirDeps) {
  return {
    /** Reads the whole bundle first; the folder is created only then, and removed again if saving fails. */
    async importBundle(userId: string, body: unknown, query: FhirImportQuery): Promise<FhirImportResponse> {
      const plan = planImport(body, { focusArea: query.focusArea }, survey);
      const folder = await patients.create(userId, { name: query.name ?? plan.name ?? 'Imported patient', focusArea: plan.focusArea });
      try {
        if (Object.keys(plan.answers).length) await folders.save(userId, folder.id, plan.focusArea, plan.answers);
      } catch (e) {
        await patients.remove(userId, folder.id).catch((err) => log.error({ err, patientId: folder.id }, 'import: folder left after a failed save'));
        throw e;
      }
      return { patientId: folder.id, focusArea: plan.focusArea, imported: plan.imported, skipped: plan.skipped };
    },

    /** The folder as an mCODE bundle, checked against FHIR R4 and the mCODE profiles it claims before it leaves. */
    async exportBundle(userId: string, patientId: string): Promise<Bundle> {
      const row = await patients.row(userId, patientId);
      const focusArea = row.focus_area as FocusArea;
      const folder = (await folders.get(userId, patientId)) ?? folders.blank(focusArea);
      const bundle = buildMcodeBundle({ folderId: row.id, name: row.name, focusArea, answers: folder.answers }, survey);
      const issues = exportIssues(bundle);
      if (issues.length) {
        log.error({ issues, patientId }, 'mCODE export does not validate');
        throw new AppError(500, 'internal');
      }
      return bundle;
    },
  };
}
export type FhirService = ReturnType<typeof fhirService>;
