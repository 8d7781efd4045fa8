import crypto from 'node:crypto';
import type { AnswerValue, FocusArea } from '@oncodesk/shared/contracts';
import type { CodeableConcept, Reference, Resource } from '@medplum/fhirtypes';
import type { SurveyService } from '../../survey/service';

/** What the builders of one export share: the folder, its answers, and stable ids for its resources. */
export interface ExportContext {
  folderId: string;
  name: string;
  focusArea: FocusArea;
  answers: Record<string, AnswerValue>;
  /** English labels of autocomplete answers ("IDC" -> "Breast Invasive Ductal Carcinoma"). */
  labels: Record<string, string>;
  survey: SurveyService;
  /** Today, for the dates the export has to give. */
  today: string;
}

/** A UUID derived from the folder and a key: the same folder exports the same ids every time. */
export function stableId(folderId: string, key: string): string {
  const h = crypto.createHash('sha256').update(`${folderId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const refTo = <T extends Resource>(r: T): Reference<T> => ({ reference: `urn:uuid:${r.id}` });

export const concept = (system: string, code: string, display: string, text?: string): CodeableConcept => ({ coding: [{ system, code, display }], ...(text ? { text } : {}) });

export const answer = <T extends AnswerValue>(ctx: ExportContext, q: string): T | undefined => ctx.answers[q] as T | undefined;

/** An answer that states something (not "unknown" / "not tested"). */
export const stated = (ctx: ExportContext, q: string): string | undefined => {
  const v = ctx.answers[q];
  return typeof v === 'string' && v !== 'unknown' && v !== 'not_tested' ? v : undefined;
};
