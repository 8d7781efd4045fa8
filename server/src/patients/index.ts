import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { SurveyService } from '../survey/service';
import type { SurveyStorage } from '../survey/storage';
import type { FolderPatients } from '../survey/derivedPatient';
import { trialStore, type TrialStore } from '../trials/loader';
import { vocabularyStorage } from '../vocab/reference/storage';
import { trialsStorage } from '../trials/storage';
import { trialsService } from '../trials/service';
import { patientsStorage } from './storage';
import { geoService } from '../geo/service';
import { patientsService } from './service';
import { plansStorage } from '../plans/storage';

export { patientsRoutes } from './routes';
export { trialsRoutes } from '../trials/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trial knowledge base (engine + table), e.g. for tests and admin tasks that import trials. */
    trialStore: TrialStore;
  }
}

/** Wires patient folders, the trial store and the trials API over one database and survey. */
export function createTrialsDomain(deps: { db: Kysely<Database>; log: FastifyBaseLogger; survey: SurveyService; surveyStorage: SurveyStorage; folders: FolderPatients; geocodeSites?: boolean; matchThreads?: number }) {
  // trial sites without coordinates are placed at their city through the shared offline gazetteer
  const storage = trialsStorage(deps.db);
  const store = trialStore(storage, deps.log, { geocoder: deps.geocodeSites === false ? undefined : () => geoService(), vocabularies: vocabularyStorage(deps.db), matchThreads: deps.matchThreads });
  const pStorage = patientsStorage(deps.db);
  const credits = plansStorage(deps.db);
  const patients = patientsService({ storage: pStorage, survey: deps.survey, surveyStorage: deps.surveyStorage, creditsUsed: credits.creditsUsedByFolder });
  const trials = trialsService({ db: deps.db, store, patients, patientsStorage: pStorage, folders: deps.folders });
  return { store, storage, patients, trials };
}
