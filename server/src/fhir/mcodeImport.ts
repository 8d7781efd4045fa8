import type { AnswerValue, FhirImportedAnswer, FhirSkipped, FocusArea } from '@oncodesk/shared/contracts';
import { badRequest } from '../http/errors';
import type { SurveyService } from '../survey/service';
import { stageMeansDistant } from './terms/stage';
import { parseBundle, type ParsedBundle } from './read/bundle';
import { checkAnswers } from './read/answers';
import { Collector } from './read/collect';
import { choosePrimary, primariesOf, readPrimary, readSecondaries } from './read/condition';
import { readMarkers } from './read/markers';
import { nameOf, readPatient } from './read/patient';
import { readPerformance } from './read/performance';
import { readMCategory, readStage } from './read/stage';
import { readMedications, readProcedures } from './read/treatments';
import { readVariants } from './read/variants';
import type { Patient, Reference, Resource } from '@medplum/fhirtypes';

export interface ImportPlan {
  focusArea: FocusArea;
  /** The Patient's name, for the folder. */
  name?: string;
  /** Validated answers, ready for folders.save. */
  answers: Record<string, AnswerValue>;
  imported: FhirImportedAnswer[];
  skipped: FhirSkipped[];
}

/** Resource types that hold no patient data of their own (who and where), not reported as unread. */
const CONTEXT_TYPES = new Set(['Practitioner', 'PractitionerRole', 'Organization', 'Location', 'Medication', 'Device', 'Endpoint']);

/** Leaves out resources about another patient than the bundle's one. */
function onlyThePatient(b: ParsedBundle, patientRef: string | undefined, c: Collector): ParsedBundle {
  if (!patientRef) return b;
  const other = (r: Resource) => {
    const s = (r as { subject?: Reference }).subject;
    return typeof s?.reference === 'string' && /(^|\/)Patient\//.test(s.reference) && b.resolve(s)?.ref !== patientRef;
  };
  const entries = b.entries.filter((e) => {
    if (!other(e.resource)) return true;
    c.skip(e.ref, 'other_patient');
    return false;
  });
  return { entries, resolve: b.resolve };
}

/**
 * Reads an mCODE bundle into the survey answers of one focus area, validated, each with its source;
 * nothing is stored here (the service creates the folder only once this succeeded). Throws 400
 * fhir_invalid, fhir_multiple_patients, fhir_no_cancer_condition, focus_area_unknown or
 * focus_area_mismatch when there is nothing sound to import.
 */
export function planImport(body: unknown, opts: { focusArea?: FocusArea; today?: Date }, survey: SurveyService): ImportPlan {
  const parsed = parseBundle(body);
  const patients = parsed.entries.filter((e) => e.resource.resourceType === 'Patient');
  if (patients.length > 1) throw badRequest('fhir_multiple_patients');
  const c = new Collector();
  const patient = patients[0];
  const b = onlyThePatient(parsed, patient?.ref, c);
  const primary = choosePrimary(primariesOf(b), opts.focusArea, c);
  const fa = primary.focusArea;

  if (patient) {
    readPatient(patient, c, opts.today ?? new Date());
    c.seen.add(patient.ref);
  }
  readPrimary(primary, c);
  const stage = readStage(b, primary.entry, fa, c);
  const distant = readSecondaries(b, fa, c);
  const m = readMCategory(b, c);
  // spread: a secondary cancer, a stage group that means M1, or an M1 category; an M0 category alone says none
  const spread = distant[0] ?? (stage && stageMeansDistant(fa, stage.stage) ? stage.ref : undefined) ?? (m?.m === 'M1' ? m.ref : undefined);
  if (spread) {
    c.propose({ questionId: 'metastatic', value: 'yes', resource: spread });
    if (m?.m === 'M0') c.skip(m.ref, 'superseded', 'M0; other resources show distant spread');
  } else if (m?.m === 'M0') c.propose({ questionId: 'metastatic', value: 'no', resource: m.ref, detail: 'M0' });
  readMarkers(b, fa, c);
  readVariants(b, c);
  readPerformance(b, c);
  readMedications(b, c);
  readProcedures(b, fa, c);

  const checked = checkAnswers(survey, fa, c.proposals);
  const unread = b.entries.filter((e) => !c.seen.has(e.ref) && !CONTEXT_TYPES.has(e.resource.resourceType)).map((e) => ({ resource: e.ref, reason: 'not_read' }));
  return {
    focusArea: fa,
    name: patient ? nameOf(patient.resource as Patient) : undefined,
    answers: checked.answers,
    imported: checked.imported,
    skipped: [...c.skipped, ...checked.skipped, ...unread],
  };
}
