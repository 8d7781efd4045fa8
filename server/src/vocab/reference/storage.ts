import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReferenceVocabularies, VocabularyName, VocabularyRecord } from './types';

/** The imported reference vocabularies, one row per vocabulary (migration 0600_vocabularies). */
export function vocabularyStorage(db: Kysely<Database>) {
  return {
    /** Name -> version of what is stored (no content read). */
    async versions(): Promise<Map<VocabularyName, string>> {
      const rows = await db.selectFrom('vocabularies').select(['name', 'version']).execute();
      return new Map(rows.map((r) => [r.name as VocabularyName, r.version]));
    },
    async load(names: readonly VocabularyName[]): Promise<Partial<ReferenceVocabularies>> {
      if (!names.length) return {};
      const rows = await db.selectFrom('vocabularies').select(['name', 'source', 'version', 'content']).where('name', 'in', names).execute();
      const out: Record<string, VocabularyRecord<unknown>> = {};
      // PGlite and node-postgres both return jsonb parsed
      for (const r of rows) out[r.name] = { name: r.name as VocabularyName, source: r.source, version: r.version, content: r.content };
      return out as Partial<ReferenceVocabularies>;
    },
    async save(record: VocabularyRecord<unknown>): Promise<void> {
      const row = { name: record.name, source: record.source, version: record.version, content: JSON.stringify(record.content) };
      await db
        .insertInto('vocabularies')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet({ source: row.source, version: row.version, content: row.content, imported_at: new Date() }))
        .execute();
    },
  };
}
export type VocabularyStorage = ReturnType<typeof vocabularyStorage>;
