import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { AnswerValue, FocusArea } from '@oncodesk/shared/contracts';
import type { SurveyService } from '../survey/service';
import { stableId, type ExportContext } from './export/context';
import { m0Observation, patientResource, primaryCondition, secondaryConditions, stageObservation } from './export/disease';
import { ecogObservation, markerObservations, variantObservations } from './export/findings';
import { medicationRequests, procedures } from './export/treatments';

export interface ExportInput {
  folderId: string;
  name: string;
  focusArea: FocusArea;
  answers: Record<string, AnswerValue>;
  today?: Date;
}

/**
 * A folder's survey answers as an mCODE STU4 collection Bundle: the cancer patient, the primary cancer
 * and its spread, stage, tumour markers (TMB among them), genomic variants, ECOG, prior medicines and
 * local treatments. Resources reference each other by urn:uuid fullUrls; ids are stable per folder.
 * Answers with no mCODE home (location, comorbidities, pregnancy...) are not exported.
 */
export function buildMcodeBundle(input: ExportInput, survey: SurveyService): Bundle {
  const today = (input.today ?? new Date()).toISOString().slice(0, 10);
  const ctx: ExportContext = { ...input, labels: survey.answerLabels(input.focusArea, input.answers, 'en'), survey, today };
  const patient = patientResource(ctx);
  const primary = primaryCondition(ctx, patient);
  const stage = stageObservation(ctx, patient, primary);
  if (stage) primary.stage = [{ summary: stage.valueCodeableConcept, assessment: [{ reference: `urn:uuid:${stage.id}` }] }];
  const resources: Resource[] = [
    patient,
    primary,
    ...secondaryConditions(ctx, patient, primary),
    ...[stage, m0Observation(ctx, patient, primary)].filter((r) => r !== null),
    ...markerObservations(ctx, patient),
    ...variantObservations(ctx, patient),
    ...[ecogObservation(ctx, patient)].filter((r) => r !== null),
    ...medicationRequests(ctx, patient, primary),
    ...procedures(ctx, patient, primary),
  ];
  return {
    resourceType: 'Bundle',
    id: stableId(input.folderId, 'bundle'),
    type: 'collection',
    timestamp: new Date().toISOString(),
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}
