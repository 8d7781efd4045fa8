import type { ColumnType } from 'kysely';

/** Table of migration 0600_vocabularies (content is written as JSON text, read back parsed). */
export interface VocabulariesTable {
  name: string;
  source: string;
  version: string;
  content: ColumnType<unknown, string, string>;
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface VocabularyTables {
  vocabularies: VocabulariesTable;
}
