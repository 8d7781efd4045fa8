import { DocumentListResponse, DocumentPage, ProcessDirectoryResponse, ReportDocument, type PatchFindingRequest, type ProcessDirectoryRequest } from '../contracts/documents';
import { apiClient } from '@oncodesk/shared';

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Reports of patient folders: upload (multipart, read in the background), review of their findings. */
export const documentsApi = {
  upload: (patientId: string, file: File) => {
    const form = new FormData();
    // the folder first: the server reads it before the file's bytes
    form.append('patientId', patientId);
    form.append('file', file, file.name);
    return apiClient.post('/documents', undefined, ReportDocument, { body: form });
  },
  list: (patientId: string) => apiClient.get(`/documents?${qs({ patientId })}`, DocumentListResponse),
  get: (id: string) => apiClient.get(`/documents/${encodeURIComponent(id)}`, ReportDocument),
  patchFinding: (id: string, findingId: string, body: PatchFindingRequest) => apiClient.patch(`/documents/${encodeURIComponent(id)}/findings/${encodeURIComponent(findingId)}`, body, ReportDocument),
  page: (id: string, page: number) => apiClient.get(`/documents/${encodeURIComponent(id)}/pages/${page}`, DocumentPage),
  /** Reads the reports already in the patient's vault folder (or another folder of the user's). */
  processDirectory: (body: ProcessDirectoryRequest) => apiClient.post('/documents/process-directory', body, ProcessDirectoryResponse),
  remove: (id: string) => apiClient.delete(`/documents/${encodeURIComponent(id)}`, null),
};
