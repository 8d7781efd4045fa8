import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SurveyService } from '../survey/service';
import type { SurveyStorage } from '../survey/storage';
import { plansStorage } from '../plans/storage';
import { patientsStorage } from './storage';
import { patientsService } from './service';

export { patientsRoutes } from './routes';

/** The patient folders domain over one database and survey: its storage (searches, likes) and its service. */
export function createPatientsDomain(deps: { db: Kysely<Database>; survey: SurveyService; surveyStorage: SurveyStorage }) {
  const storage = patientsStorage(deps.db);
  const credits = plansStorage(deps.db);
  const service = patientsService({ storage, survey: deps.survey, surveyStorage: deps.surveyStorage, creditsUsed: credits.creditsUsedByFolder });
  return { storage, service };
}
export type PatientsDomain = ReturnType<typeof createPatientsDomain>;
