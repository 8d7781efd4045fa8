import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DocumentFinding, DocumentKind, ReportDocument } from '@oncodesk/shared/contracts';
import type { Database, Timestamp } from '../db/schema';

/** Table of migration 0900_documents. */
export interface DocumentsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  patient_id: string;
  vault_item_id: string | null;
  name: string;
  kind: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  pages: ColumnType<number | null, number | null | undefined, number | null>;
  ocr_pages: ColumnType<number | null, number | null | undefined, number | null>;
  /** Readings started (migration 0990): counted before each, so a reading that killed the process shows. */
  attempts: ColumnType<number, number | undefined, number>;
  /** jsonb: written as JSON text, read back parsed. */
  findings: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface DocumentTables {
  documents: DocumentsTable;
}

type Row = { id: string; patient_id: string; vault_item_id: string | null; name: string; kind: string; status: string; reason: string | null; pages: number | null; ocr_pages: number | null; findings: unknown; created_at: Date | string };

const toDto = (r: Row): ReportDocument => ({
  id: r.id,
  patientId: r.patient_id,
  name: r.name,
  kind: r.kind as DocumentKind,
  status: r.status as ReportDocument['status'],
  ...(r.reason ? { reason: r.reason } : {}),
  ...(r.pages !== null ? { pages: r.pages } : {}),
  ...(r.ocr_pages ? { ocrPages: r.ocr_pages } : {}),
  vaultItemId: r.vault_item_id,
  findings: (r.findings ?? []) as DocumentFinding[],
  createdAt: new Date(r.created_at).toISOString(),
});

/** Reports per patient folder. Every query names the user who owns them. */
export function documentsStorage(database: Kysely<Database>) {
  const db = database;
  const cols = ['id', 'patient_id', 'vault_item_id', 'name', 'kind', 'status', 'reason', 'pages', 'ocr_pages', 'findings', 'created_at'] as const;
  return {
    async insert(userId: string, patientId: string, name: string, vaultItemId: string): Promise<ReportDocument> {
      const row = await db.insertInto('documents').values({ user_id: userId, patient_id: patientId, name, vault_item_id: vaultItemId }).returning(cols).executeTakeFirstOrThrow();
      return toDto(row as Row);
    },
    async get(userId: string, id: string): Promise<ReportDocument | null> {
      const row = await db.selectFrom('documents').select(cols).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row ? toDto(row as Row) : null;
    },
    async list(userId: string, patientId: string): Promise<ReportDocument[]> {
      const rows = await db.selectFrom('documents').select(cols).where('user_id', '=', userId).where('patient_id', '=', patientId).orderBy('created_at', 'desc').execute();
      return rows.map((r) => toDto(r as Row));
    },
    async finish(id: string, result: { status: 'done' | 'failed'; kind?: DocumentKind; pages?: number; ocrPages?: number; reason?: string; findings?: DocumentFinding[] }): Promise<void> {
      await db
        .updateTable('documents')
        .set({ status: result.status, kind: result.kind ?? 'other', pages: result.pages ?? null, ocr_pages: result.ocrPages ?? null, reason: result.reason ?? null, findings: JSON.stringify(result.findings ?? []), updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async setFindings(userId: string, id: string, findings: DocumentFinding[]): Promise<void> {
      await db.updateTable('documents').set({ findings: JSON.stringify(findings), updated_at: sql`now()` }).where('user_id', '=', userId).where('id', '=', id).execute();
    },
    /** Reports of the user made from these vault files (process-directory skips files already read). */
    async vaultItemsRead(userId: string, vaultItemIds: string[]): Promise<Set<string>> {
      if (!vaultItemIds.length) return new Set();
      const rows = await db.selectFrom('documents').select('vault_item_id').where('user_id', '=', userId).where('vault_item_id', 'in', vaultItemIds).execute();
      return new Set(rows.map((r) => r.vault_item_id!));
    },
    /**
     * Counts one more reading of a report that is still processing, before it starts (null: the report is
     * gone or already finished, so there is nothing to read).
     */
    async startAttempt(id: string): Promise<number | null> {
      const row = await db
        .updateTable('documents')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .returning('attempts')
        .executeTakeFirst();
      return row ? row.attempts : null;
    },
    /** Reports whose reading never finished (the process stopped mid-way), with the readings started. */
    async unfinished(): Promise<Array<{ id: string; userId: string; vaultItemId: string | null; name: string; attempts: number }>> {
      const rows = await db.selectFrom('documents').select(['id', 'user_id', 'vault_item_id', 'name', 'attempts']).where('status', '=', 'processing').execute();
      return rows.map((r) => ({ id: r.id, userId: r.user_id, vaultItemId: r.vault_item_id, name: r.name, attempts: r.attempts }));
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('documents').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type DocumentsStorage = ReturnType<typeof documentsStorage>;
