import { PatientFolder, PatientsResponse, type CreatePatientRequest, type UpdatePatientRequest } from '../contracts/patients';
import { apiClient } from '@oncodesk/shared';

/** Patient folders of the signed-in user. */
export const patientsApi = {
  list: () => apiClient.get('/patients', PatientsResponse),
  get: (id: string) => apiClient.get(`/patients/${encodeURIComponent(id)}`, PatientFolder),
  create: (body: CreatePatientRequest) => apiClient.post('/patients', body, PatientFolder),
  update: (id: string, body: UpdatePatientRequest) => apiClient.patch(`/patients/${encodeURIComponent(id)}`, body, PatientFolder),
  remove: (id: string) => apiClient.delete(`/patients/${encodeURIComponent(id)}`, null),
};
