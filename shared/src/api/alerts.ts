import { FolderAlert, FolderVisitResponse } from '../contracts/alerts';
import { apiClient } from '@oncodesk/shared';

const folder = (patientId: string) => `/alerts/folders/${encodeURIComponent(patientId)}`;

/** Alerts on new matching trials, per patient folder (the signed-in user's own). */
export const alertsApi = {
  get: (patientId: string) => apiClient.get(folder(patientId), FolderAlert),
  /** Alert me about new trials matching this search of the folder. */
  enable: (patientId: string, searchKey: string) => apiClient.put(folder(patientId), { searchKey }, FolderAlert),
  disable: (patientId: string) => apiClient.delete(folder(patientId), FolderAlert),
  /** The results page was opened: records the visit, answers the trials new since the previous one. */
  visit: (patientId: string) => apiClient.post(`${folder(patientId)}/visit`, {}, FolderVisitResponse),
};
