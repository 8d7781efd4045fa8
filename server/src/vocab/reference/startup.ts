import type { FastifyBaseLogger } from 'fastify';
import { sharedDataDir } from '../../config/sharedData';
import { installReferenceVocabularies } from './active';
import { readDrugs, readGenes, readOncotree, sharedVersions } from './readShared';
import type { VocabularyStorage } from './storage';
import { VOCABULARY_NAMES, type ReferenceVocabularies, type VocabularyName, type VocabularyRecord } from './types';

const READERS: Record<VocabularyName, (dir: string) => VocabularyRecord<unknown> | undefined> = { oncotree: readOncotree, genes: readGenes, drugs: readDrugs };

export interface VocabularyLoad {
  imported: VocabularyName[];
  loaded: VocabularyName[];
  ms: number;
}

/**
 * Start-up: a vocabulary the database lacks, or holds in another version than the shared files, is
 * imported from the shared data and stored; the others are read back from the database. Whatever is
 * available is installed for the trial engine's lookups; without shared data and database rows the
 * lookups keep the owned lists. Runs before the trials are compiled or loaded.
 */
export async function loadReferenceVocabularies(storage: VocabularyStorage, log: FastifyBaseLogger, dir = sharedDataDir()): Promise<VocabularyLoad> {
  const t0 = Date.now();
  const stored = await storage.versions();
  const files = sharedVersions(dir);
  const imported: VocabularyName[] = [];
  const fresh: Partial<Record<VocabularyName, VocabularyRecord<unknown>>> = {};
  for (const name of VOCABULARY_NAMES) {
    const version = files[name];
    if (!version || stored.get(name) === version) continue;
    const record = READERS[name](dir);
    if (!record) continue;
    await storage.save(record);
    fresh[name] = record;
    imported.push(name);
  }
  const loaded = VOCABULARY_NAMES.filter((n) => !fresh[n] && stored.has(n));
  const vocabularies = { ...(await storage.load(loaded)), ...fresh } as Partial<ReferenceVocabularies>;
  installReferenceVocabularies(vocabularies);
  const ms = Date.now() - t0;
  const counts = Object.fromEntries(Object.entries(vocabularies).map(([n, r]) => [n, (r as VocabularyRecord<unknown[]>).content.length]));
  if (imported.length || loaded.length) log.info({ imported, loaded, counts, ms }, 'reference vocabularies ready');
  else log.warn({ dir }, 'no reference vocabularies (no shared data, none stored): the trial engine uses the owned lists');
  return { imported, loaded, ms };
}
