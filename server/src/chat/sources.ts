import type { Chat, Trial } from '@oncodesk/shared/contracts';
import type { DocumentsService } from '../documents/service';
import type { GuidelinesService } from '../guidelines/service';
import type { TrialsService } from '../trials/service';
import type { ChatSources } from './engine';

export interface SourceDeps {
  trials: TrialsService;
  /** Every trial held (the trial store's engine), for questions about the catalogue itself. */
  catalogue?: () => Trial[];
  guidelines: GuidelinesService;
  documents: DocumentsService;
}

/**
 * A conversation's sources from the domain services, as the user may see them (every call names the
 * user). Each is fetched once per answer at most.
 */
export async function sourcesFor(deps: SourceDeps, userId: string, chat: Chat): Promise<ChatSources> {
  const { trials, guidelines, documents } = deps;
  const patientId = chat.patientId;
  const folder = patientId ? await trials.patient(userId, patientId) : null;
  const once = <T>(f: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () => (p ??= f());
  };
  return {
    patient: folder ? { id: folder.patientId, name: folder.name, focusArea: folder.focusArea as never, data: folder.patient, ...(folder.answersUpdatedAt ? { answersUpdatedAt: folder.answersUpdatedAt } : {}) } : null,
    context: chat.context,
    search: once(async () => {
      if (!folder || !patientId) return null;
      const latest = [...folder.searches].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
      const key = chat.context.searchKey && folder.searches.some((s) => s.searchKey === chat.context.searchKey) ? chat.context.searchKey : latest?.searchKey;
      if (!key) return null;
      const r = await trials.cachedSearch(userId, patientId, key);
      return { searchKey: key, createdAt: r.createdAt, results: r.results };
    }),
    trial: (id) => trials.trialById(id),
    ...(deps.catalogue ? { catalogue: deps.catalogue } : {}),
    match: async (trialId) => (patientId && trials.trialById(trialId) ? (await trials.matchOne(userId, patientId, trialId)).match : null),
    recommendations: once(async () => (patientId ? guidelines.findTreatment(userId, { patientId }).catch(() => null) : null)),
    documents: once(async () => (patientId ? documents.list(userId, patientId) : [])),
  };
}
