import type { FastifyBaseLogger } from 'fastify';
import { sharedDataDir } from '../config/sharedData';
import type { FolderPatients } from '../survey/derivedPatient';
import type { PatientsService } from '../patients/service';
import { loadCivicSupport } from './civic';
import { BUILT_IN_PACKS_DIR, loadPacks } from './packs';
import { guidelinesService } from './service';

export { guidelinesRoutes } from './routes';

/**
 * The guidelines domain: packs from GUIDELINE_PACKS_DIR (the built-in open pack by default), checked on
 * load (a malformed pack is refused with its errors in the log; the others serve), CIViC supporting
 * evidence from the shared reference data when present.
 */
export function createGuidelinesDomain(deps: { log: FastifyBaseLogger; packsDir: string | null; defaultPackId: string | null; folders: FolderPatients; patients: PatientsService }) {
  const dir = deps.packsDir ?? BUILT_IN_PACKS_DIR;
  const loaded = loadPacks(dir);
  for (const r of loaded.refused) deps.log.error({ file: r.file, errors: r.errors }, 'guideline pack refused');
  for (const w of loaded.warnings) deps.log.warn(w);
  let civic = null;
  try {
    civic = loadCivicSupport(sharedDataDir());
  } catch (e) {
    deps.log.warn({ err: e }, 'CIViC evidence not loaded: answers carry no supporting CIViC items');
  }
  deps.log.info({ packs: loaded.packs.map((p) => `${p.id}@${p.version}`), civic: civic?.release ?? null }, 'guideline packs loaded');
  return guidelinesService({ packs: loaded.packs, defaultPackId: deps.defaultPackId, civic, folders: deps.folders, patients: deps.patients });
}
