import {
  CachedMatchResponse,
  CatalogueStatus,
  ExportResponse,
  FindMatchResponse,
  GenerateBlurbResponse,
  LikesResponse,
  PatientNormalizationResponse,
  ReMatchResponse,
  TrialDetailResponse,
  TrialsPatientResponse,
  type FindMatchRequest,
  type UpdateCriterionRequest,
} from '../contracts/trials';
import { z } from 'zod';
import { CriterionOverride } from '../contracts/trials';
import { storage } from '@oncodesk/shared';
import { apiClient } from '@oncodesk/shared';

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The trials API: searches (spend a credit), cached results, detail, overrides, likes and exports. */
export const trialsApi = {
  findMatch: (body: FindMatchRequest) => apiClient.post('/trials/find-match', body, FindMatchResponse),
  cached: (patientId: string, searchKey: string) => apiClient.get(`/trials/find-match?${qs({ patientId, searchKey })}`, CachedMatchResponse),
  patient: (patientId: string) => apiClient.get(`/trials/patient?${qs({ patientId })}`, TrialsPatientResponse),
  /** The catalogue's size, open trials and when the registry's records were last fetched. */
  catalogue: () => apiClient.get('/trials/catalogue', CatalogueStatus),
  detail: (trialId: string, patientId?: string) => apiClient.get(`/trials/${encodeURIComponent(trialId)}${patientId ? `?${qs({ patientId })}` : ''}`, TrialDetailResponse),
  updateCriterion: (body: UpdateCriterionRequest) => apiClient.post('/trials/update-criterion', body, z.object({ patientId: z.string(), overrides: z.array(CriterionOverride) })),
  reMatch: (patientId: string, searchKey: string) => apiClient.post('/trials/re-match', { patientId, searchKey }, ReMatchResponse),
  blurb: (patientId: string, trialId: string) => apiClient.post('/trials/generate-blurb', { patientId, trialId }, GenerateBlurbResponse),
  like: (trialId: string, patientId: string) => apiClient.put(`/trials/${encodeURIComponent(trialId)}/like`, { patientId }, LikesResponse),
  unlike: (trialId: string, patientId: string) => apiClient.delete(`/trials/${encodeURIComponent(trialId)}/like?${qs({ patientId })}`, LikesResponse),
  /** Free text -> the patient as the clinical language reader understood it, with what it did not understand. */
  readPatientText: (text: string) => apiClient.post('/trials/matchminer/patient-normalization', { text }, PatientNormalizationResponse),
  exportJson: (patientId: string, searchKey: string) => apiClient.get(`/trials/export?${qs({ patientId, searchKey, format: 'json' })}`, ExportResponse),
  /** The CSV as text (the caller turns it into a download). */
  exportCsv: async (patientId: string, searchKey: string): Promise<string> => {
    const res = await fetch(apiClient.url(`/trials/export?${qs({ patientId, searchKey, format: 'csv' })}`), {
      headers: { Authorization: `Bearer ${storage.get('jwt') ?? ''}`, 'Accept-Language': storage.get('language') },
    });
    if (!res.ok) throw new Error(`export failed: ${res.status}`);
    return res.text();
  },
};
