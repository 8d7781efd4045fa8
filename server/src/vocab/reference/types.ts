import type { OncotreeRow } from '../oncotree';

/**
 * The complete reference vocabularies imported from the shared data, in the compact form they are
 * stored in the database and handed to the trial-import worker.
 */
export type VocabularyName = 'oncotree' | 'genes' | 'drugs';

export interface VocabularyRecord<T> {
  name: VocabularyName;
  /** Files it was read from (relative to the shared data folder) and their licence holder. */
  source: string;
  /** Release of the source (file names and sizes) and of the reader: a change re-imports. */
  version: string;
  content: T;
}

/** [symbol, NCBI aliases] (the official names are not needed at run time and are not kept). */
export type GeneRefRow = readonly [symbol: string, aliases: readonly string[]];

/**
 * [generic name (lower case), other names (brands, salts, biosimilar names; lower case), source classes
 * (MITRE medication categories the drug appears under; CIViC therapies have none)].
 */
export type DrugRefRow = readonly [name: string, otherNames: readonly string[], sourceClasses: readonly string[]];

export interface ReferenceVocabularies {
  oncotree: VocabularyRecord<readonly OncotreeRow[]>;
  genes: VocabularyRecord<readonly GeneRefRow[]>;
  drugs: VocabularyRecord<readonly DrugRefRow[]>;
}

export const VOCABULARY_NAMES: readonly VocabularyName[] = ['oncotree', 'genes', 'drugs'];
