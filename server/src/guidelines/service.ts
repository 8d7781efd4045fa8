import type { MessageLanguage } from '@oncodesk/shared/contracts';
import type { FindTreatmentRequest, FindTreatmentResponse, FocusArea, GuidelinePack, PackSummary, PatientData } from '@oncodesk/shared/contracts';
import { badRequest, notFound } from '../http/errors';
import type { FolderPatients } from '../survey/derivedPatient';
import type { PatientsService } from '../patients/service';
import { focusOf, validatePatient } from '../language/normalizePatient';
import type { CivicSupport } from './civic';
import { ContradictoryPatientError, recommend } from './engine';
import { packText } from './texts';

export interface GuidelinesDeps {
  packs: GuidelinePack[];
  defaultPackId?: string | null;
  civic: CivicSupport | null;
  folders: FolderPatients;
  patients: PatientsService;
}

/** A pack's summary; its name and disclaimer in the reader's language when the pack translates them. */
export const packSummary = (p: GuidelinePack, lang: MessageLanguage = 'en'): PackSummary => ({
  id: p.id,
  name: packText(p, p.name, lang),
  publisher: p.publisher,
  version: p.version,
  date: p.date,
  licence: p.licence,
  disclaimer: packText(p, p.disclaimer, lang),
});

/** Treatment recommendations for a folder's patient (its stored survey patient) or a structured patient. */
export function guidelinesService({ packs, defaultPackId, civic, folders, patients }: GuidelinesDeps) {
  const byId = new Map(packs.map((p) => [p.id, p]));
  const fallback = (defaultPackId && byId.get(defaultPackId)) || packs[0];

  async function patientOf(userId: string, body: FindTreatmentRequest): Promise<PatientData> {
    if (body.patientId) {
      const row = await patients.row(userId, body.patientId);
      return ((await folders.get(userId, body.patientId)) ?? folders.blank(row.focus_area as FocusArea)).patient;
    }
    const { patient, errors } = validatePatient(body.patient);
    if (!patient) throw badRequest('invalid_patient', errors.slice(0, 20).map((e) => ({ path: `patient.${e.split(':')[0]}`, code: 'invalid_patient' })));
    const focusArea = patient.focusArea ?? (patient.oncotreeCode ? focusOf(patient.oncotreeCode) : undefined);
    if (!focusArea) throw badRequest('focus_area_required', [{ path: 'patient.focusArea', code: 'focus_area_required' }]);
    return { ...patient, focusArea };
  }

  return {
    packs: (): PackSummary[] => packs.map((p) => packSummary(p)),

    async findTreatment(userId: string, body: FindTreatmentRequest, lang: MessageLanguage = 'en'): Promise<FindTreatmentResponse> {
      const pack = body.packId ? byId.get(body.packId) : fallback;
      if (!pack) throw notFound(packs.length ? 'guideline_pack_not_found' : 'no_guideline_pack');
      const patient = await patientOf(userId, body);
      const t0 = performance.now();
      try {
        const answer = recommend(pack, patient, { civic, lang });
        return { pack: packSummary(pack, lang), ...answer, durationMs: Math.round((performance.now() - t0) * 100) / 100 };
      } catch (e) {
        if (e instanceof ContradictoryPatientError) throw badRequest('contradictory_facts', [{ path: 'patient', code: 'contradictory_facts' }]);
        throw e;
      }
    },
  };
}
export type GuidelinesService = ReturnType<typeof guidelinesService>;
