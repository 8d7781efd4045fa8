import type { PatientData } from '@oncodesk/shared/contracts';
import type { ChatSources } from '../../src/chat/engine';

/** Sources that hold one patient and nothing else (no trials, searches, options or reports): for the questions declined before any source is read. */
export const patientOnlySources = (name: string, focusArea: string, data: PatientData): ChatSources =>
  ({
    patient: { id: 'p1', name, focusArea, data },
    context: {},
    search: async () => null,
    trial: () => undefined,
    catalogue: () => [],
    match: async () => null,
    recommendations: async () => null,
    documents: async () => [],
  }) as unknown as ChatSources;
