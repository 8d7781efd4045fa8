import type { AnswerValue, FocusArea, PatientData, SurveyActions } from '@oncodesk/shared/contracts';
import { conflict, notFound } from '../http/errors';
import { referenceVocabularies } from '../vocab/reference/active';
import type { SurveyService } from './service';
import type { SurveyStorage } from './storage';

/**
 * Version of the answers -> patient derivation (SurveyService.answersToPatient). Bump it when the same
 * answers would now give another patient (a new mapping, a fixed one); a folder stored under an older
 * version is rebuilt on first read.
 */
export const PATIENT_DERIVATION_VERSION = '2026-11-25.4';

/** The derivation version together with the vocabulary releases it resolved answers against. */
export function derivationVersion(): string {
  const v = referenceVocabularies();
  return [PATIENT_DERIVATION_VERSION, v.oncotree?.version ?? 'owned', v.genes?.version ?? 'owned', v.drugs?.version ?? 'owned'].join('|');
}

export interface FolderPatient {
  focusArea: FocusArea;
  /** The answers that still validate (what the patient was built from). */
  answers: Record<string, AnswerValue>;
  patient: PatientData;
  actions: SurveyActions;
  /** When an answer last changed (absent for a folder without answers). */
  updatedAt?: string;
}

/**
 * The patient of a folder: saved with the answers (one derivation per save), read back by every search,
 * results page and survey view. A folder saved before this existed, or under an older derivation or
 * vocabulary release, is rebuilt once and stored again.
 */
export function folderPatients(survey: SurveyService, storage: SurveyStorage) {
  return {
    /**
     * Stores answers after the folder checks (404 when the user has no such folder, 409 when it belongs to another focus area), drops
     * the answers the new state hides, and stores the patient they describe, in one transaction. Values
     * must be validated already (SurveyService.validateAnswer).
     */
    async save(userId: string, patientId: string, focusArea: FocusArea, set: Record<string, AnswerValue | null>): Promise<SurveyActions> {
      const folder = await storage.ensureFolder(userId, patientId, focusArea);
      if (folder === 'not_found') throw notFound();
      if (folder === 'focus_area_mismatch') throw conflict('focus_area_mismatch');
      const current = (await storage.get(userId, patientId))!.answers;
      const next: Record<string, AnswerValue> = { ...current };
      for (const [k, v] of Object.entries(set)) {
        if (v === null) delete next[k];
        else next[k] = v;
      }
      const actions = survey.processActions(focusArea, next);
      for (const k of actions.cleared) delete next[k];
      await storage.write(userId, patientId, set, actions.cleared, { patient: survey.patientOf(focusArea, next).patient, version: derivationVersion() });
      return actions;
    },

    /** A folder with no answers yet. */
    blank(focusArea: FocusArea): FolderPatient {
      return { focusArea, ...survey.patientOf(focusArea, {}) };
    },

    /** The folder's patient, or null when the folder has no survey yet. */
    async get(userId: string, patientId: string): Promise<FolderPatient | null> {
      const folder = await storage.get(userId, patientId);
      if (!folder) return null;
      const version = derivationVersion();
      if (folder.derived?.version === version) {
        return { focusArea: folder.focusArea, answers: folder.answers, patient: folder.derived.patient, actions: survey.processActions(folder.focusArea, folder.answers), updatedAt: folder.updatedAt.toISOString() };
      }
      const built = survey.patientOf(folder.focusArea, folder.answers);
      await storage.refreshDerived(userId, patientId, { patient: built.patient, version }, folder.derived?.version ?? null);
      return { focusArea: folder.focusArea, ...built, updatedAt: folder.updatedAt.toISOString() };
    },
  };
}
export type FolderPatients = ReturnType<typeof folderPatients>;
