import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { FolderPatients } from '../survey/derivedPatient';
import type { PatientsDomain } from '../patients';
import { vocabularyStorage } from '../vocab/reference/storage';
import { geoService } from '../geo/service';
import { trialStore, type TrialStore } from './loader';
import { trialsStorage } from './storage';
import { trialsService } from './service';

export { trialsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trial knowledge base (engine + table), e.g. for tests and admin tasks that import trials. */
    trialStore: TrialStore;
  }
}

/**
 * The trials domain (its entry point; `./index.ts` is the matching engine's): the trial store over the
 * `trials` table and the trials API's service, reading patient folders through the patients domain.
 */
export function createTrialsDomain(deps: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  patients: PatientsDomain;
  folders: FolderPatients;
  geocodeSites?: boolean;
  matchThreads?: number;
}) {
  const storage = trialsStorage(deps.db);
  // trial sites without coordinates are placed at their city through the shared offline gazetteer
  const store = trialStore(storage, deps.log, {
    geocoder: deps.geocodeSites === false ? undefined : () => geoService(),
    vocabularies: vocabularyStorage(deps.db),
    matchThreads: deps.matchThreads,
  });
  const trials = trialsService({ db: deps.db, store, patients: deps.patients.service, patientsStorage: deps.patients.storage, folders: deps.folders });
  return { store, storage, trials };
}
