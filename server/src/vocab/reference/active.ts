import type { ReferenceVocabularies } from './types';

/**
 * The reference vocabularies the trial engine's lookups use in this process (installed at start from the
 * database, or in the trial-import worker from what the server hands it). Nothing installed: the
 * lookups use the project's owned lists. Each install bumps a generation the lookups' caches check, so
 * an install after first use rebuilds them.
 */
let active: Partial<ReferenceVocabularies> = {};
let generation = 0;

export function installReferenceVocabularies(v: Partial<ReferenceVocabularies> | null): void {
  active = v ?? {};
  generation++;
}

export function referenceVocabularies(): Partial<ReferenceVocabularies> {
  return active;
}

export function vocabularyGeneration(): number {
  return generation;
}
