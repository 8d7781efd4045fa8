import type { CodeableConcept, Medication, MedicationAdministration, MedicationRequest, MedicationStatement, Procedure } from '@medplum/fhirtypes';
import type { FocusArea } from '@oncodesk/shared/contracts';
import { systems } from '../profiles';
import { drugCandidates } from '../terms/drugs';
import { claims, codings, textOf, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

type MedicationResource = MedicationRequest | MedicationAdministration | MedicationStatement;

/** Statuses that say the medicine was not (or not yet) given, per resource type. */
const NOT_GIVEN: Record<string, ReadonlySet<string>> = {
  MedicationRequest: new Set(['cancelled', 'entered-in-error', 'draft', 'unknown']),
  MedicationAdministration: new Set(['not-done', 'entered-in-error', 'unknown']),
  MedicationStatement: new Set(['not-taken', 'intended', 'entered-in-error', 'unknown']),
};

function medicationConcept(b: ParsedBundle, m: MedicationResource): { cc?: CodeableConcept; text: string } {
  if (m.medicationCodeableConcept) return { cc: m.medicationCodeableConcept, text: textOf(m.medicationCodeableConcept) };
  const target = b.resolve(m.medicationReference)?.resource as Medication | undefined;
  if (target?.resourceType === 'Medication') return { cc: target.code, text: textOf(target.code) };
  return { text: typeof m.medicationReference?.display === 'string' ? m.medicationReference.display : '' };
}

/** Medicines given (requests, administrations, statements) as prior_treatments items. */
export function readMedications(b: ParsedBundle, c: Collector): void {
  for (const e of b.entries) {
    const m = e.resource as MedicationResource;
    if (!NOT_GIVEN[m.resourceType]) continue;
    if (typeof m.status === 'string' && NOT_GIVEN[m.resourceType].has(m.status)) {
      c.skip(e.ref, 'not_given', `status ${m.status}`);
      continue;
    }
    if (m.resourceType === 'MedicationRequest' && ['proposal', 'plan'].includes(String(m.intent))) {
      c.skip(e.ref, 'not_given', `intent ${m.intent}`);
      continue;
    }
    const { cc, text } = medicationConcept(b, m);
    const names = [...codings(cc).map((x) => x.display ?? ''), typeof cc?.text === 'string' ? cc.text : '', text.split(' | ')[0]].filter(Boolean);
    const own = codings(cc).filter((x) => x.system === systems.surveyDrug && x.code).map((x) => x.code!);
    const [value, ...alternatives] = [...new Set([...own, ...drugCandidates(names)])];
    if (!value) c.skip(e.ref, 'no_medication_name');
    else c.propose({ questionId: 'prior_treatments', value, alternatives, item: true, resource: e.ref, detail: text });
  }
}

/** The local treatment option a procedure is, in the order the words are most specific. */
function localTreatmentOf(p: Procedure, focusArea: FocusArea): string | undefined {
  const t = textOf(p.code).toLowerCase();
  if (focusArea === 'thyroid' && /radioactive iodine|radioiodine|i-131|131i/.test(t)) return 'radioactive_iodine';
  if (focusArea === 'liver' && /chemoemboli|radioemboli|\btace\b|\btare\b|\bsirt\b|ablation/.test(t)) return 'liver_directed';
  if (focusArea === 'bladder' && /intravesical|bcg instillation/.test(t)) return 'intravesical';
  if (claims(p, 'mcode-radiotherapy-course-summary', 'mcode-cancer-related-radiation-procedure') || /radiation|radiotherapy|brachytherapy|irradiation|radiosurgery|teletherapy/.test(t)) return 'radiotherapy';
  if (/biopsy|aspiration|puncture|mammogra|imaging|scan\b/.test(t)) return undefined;
  if (claims(p, 'mcode-cancer-related-surgical-procedure') || /ectomy|excision|resection|amputation|lumpectomy/.test(t)) return 'surgery';
  return undefined;
}

/** Surgery, radiotherapy and the focus area's local therapies as local_treatments items. */
export function readProcedures(b: ParsedBundle, focusArea: FocusArea, c: Collector): void {
  for (const e of b.entries) {
    const p = e.resource as Procedure;
    if (p.resourceType !== 'Procedure') continue;
    if (p.status !== 'completed' && p.status !== 'in-progress') {
      c.skip(e.ref, 'not_given', `status ${p.status}`);
      continue;
    }
    const option = localTreatmentOf(p, focusArea);
    if (!option) c.skip(e.ref, 'not_a_cancer_treatment', textOf(p.code));
    else c.propose({ questionId: `local_treatments.${focusArea}`, value: option, item: true, resource: e.ref, detail: textOf(p.code) });
  }
}
