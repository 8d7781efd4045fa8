import { z } from 'zod';
import { FindTreatmentResponse, PackSummary, type FindTreatmentRequest } from '../contracts/guidelines';
import { apiClient } from '@oncodesk/shared';

/** The guidelines API: treatment recommendations from versioned, cited guideline packs (no credit spent). */
export const guidelinesApi = {
  findTreatment: (body: FindTreatmentRequest) => apiClient.post('/guidelines/find-treatment', body, FindTreatmentResponse),
  packs: () => apiClient.get('/guidelines/packs', z.object({ packs: z.array(PackSummary) })),
};
