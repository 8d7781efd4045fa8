import { PatientFolder, PatientsResponse, type CreatePatientRequest, type UpdatePatientRequest } from '../contracts/patients';
import { FhirImportResponse, type FhirImportQuery } from '../contracts/fhir';
import { apiClient } from '@oncodesk/shared';
import { z } from 'zod';

/** Patient folders of the signed-in user. */
export const patientsApi = {
  list: () => apiClient.get('/patients', PatientsResponse),
  get: (id: string) => apiClient.get(`/patients/${encodeURIComponent(id)}`, PatientFolder),
  create: (body: CreatePatientRequest) => apiClient.post('/patients', body, PatientFolder),
  update: (id: string, body: UpdatePatientRequest) => apiClient.patch(`/patients/${encodeURIComponent(id)}`, body, PatientFolder),
  /** A new folder from an mCODE FHIR R4 Bundle; each answer comes back with the resource it was read from. */
  importFhir: (bundle: unknown, query: FhirImportQuery = {}) => apiClient.post(`/patients/import?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as Array<[string, string]>).toString()}`, bundle, FhirImportResponse),
  /** The folder as an mCODE STU4 Bundle (FHIR R4 JSON). */
  exportFhir: (id: string) => apiClient.get(`/patients/${encodeURIComponent(id)}/fhir`, z.record(z.string(), z.unknown())),
  remove: (id: string) => apiClient.delete(`/patients/${encodeURIComponent(id)}`, null),
};
