import type { AnswerValue, CreatePatientRequest, FocusArea, PatientFolder, UpdatePatientRequest } from '@oncodesk/shared/contracts';
import { notFound } from '../http/errors';
import type { SurveyService } from '../survey/service';
import type { SurveyStorage } from '../survey/storage';
import type { PatientRow, PatientsStorage } from './storage';

export interface PatientsDeps {
  storage: PatientsStorage;
  survey: SurveyService;
  surveyStorage: SurveyStorage;
  /** Credits each folder's searches took this period (plans/storage.ts), the figure its card shows. */
  creditsUsed: (userId: string, patientIds: string[]) => Promise<Map<string, number>>;
}

/** Patient folders: CRUD plus the survey progress, cached searches and credits used each one shows in the list. */
export function patientsService({ storage, survey, surveyStorage, creditsUsed }: PatientsDeps) {
  function toDto(row: PatientRow, answers: Record<string, AnswerValue> | undefined, searches: string[], credits: Map<string, number>): PatientFolder {
    const actions = answers && Object.keys(answers).length ? survey.processActions(row.focus_area as FocusArea, answers) : null;
    return {
      id: row.id,
      name: row.name,
      focusArea: row.focus_area as FocusArea,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      progress: actions?.progress ?? 0,
      complete: actions?.complete ?? false,
      searches,
      creditsUsed: credits.get(row.id) ?? 0,
    };
  }

  const service = {
    async list(userId: string): Promise<PatientFolder[]> {
      // four queries for any number of folders (the list was one survey read per folder)
      const rows = await storage.list(userId);
      const ids = rows.map((r) => r.id);
      const [searches, answers, credits] = await Promise.all([storage.listSearches(userId, ids), surveyStorage.answersOf(userId, ids), creditsUsed(userId, ids)]);
      return rows.map((r) => toDto(r, answers.get(r.id), searches.filter((s) => s.patientId === r.id).map((s) => s.searchKey), credits));
    },
    /** The folder row, or 404 `patient_not_found` (also for another user's folder: ids are never confirmed). */
    async row(userId: string, id: string): Promise<PatientRow> {
      const row = await storage.get(userId, id);
      if (!row) throw notFound('patient_not_found');
      return row;
    },
    async get(userId: string, id: string): Promise<PatientFolder> {
      const row = await service.row(userId, id);
      const [searches, answers, credits] = await Promise.all([storage.listSearches(userId, [id]), surveyStorage.answersOf(userId, [id]), creditsUsed(userId, [id])]);
      return toDto(row, answers.get(id), searches.map((s) => s.searchKey), credits);
    },
    async create(userId: string, body: CreatePatientRequest): Promise<PatientFolder> {
      const id = await storage.create(userId, body.name, body.focusArea);
      return service.get(userId, id);
    },
    async update(userId: string, id: string, body: UpdatePatientRequest): Promise<PatientFolder> {
      if (!(await storage.update(userId, id, body))) throw notFound('patient_not_found');
      return service.get(userId, id);
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await storage.remove(userId, id))) throw notFound('patient_not_found');
    },
  };
  return service;
}
export type PatientsService = ReturnType<typeof patientsService>;
