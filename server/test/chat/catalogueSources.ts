import type { Trial } from '@oncodesk/shared/contracts';
import type { ChatSources } from '../../src/chat/engine';

/**
 * Sources that hold these trials and nothing else (no patient, searches, options or reports), with one of them in
 * focus when its id is given: for questions about made-up records.
 */
export const catalogueSources = (trials: Trial[]) => {
  const byId = new Map(trials.map((t) => [t.id, t]));
  return (trialId?: string): ChatSources =>
    ({
      patient: null,
      context: trialId ? { trialId } : {},
      trial: (id: string) => byId.get(id),
      catalogue: () => [...byId.values()],
      documents: async () => [],
      search: async () => null,
      recommendations: async () => null,
      match: async () => null,
    }) as unknown as ChatSources;
};
