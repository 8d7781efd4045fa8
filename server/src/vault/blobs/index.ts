import type { Readable } from 'node:stream';

/**
 * Where the vault's bytes live. A blob goes through two steps so that a record and its bytes appear
 * together: `stage` writes the bytes somewhere no listing reads, then `commit` publishes them under their
 * key from inside the database transaction that inserts the record. A crash between the two leaves only
 * an orphan, which `sweepOrphans` (service) removes by comparing `list()` with the records.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Writes the stream's bytes durably (fsync) as a staged blob; resolves with its size. */
  stage(key: string, source: Readable): Promise<{ size: number }>;
  /** Takes over a complete file on local disk (a finished tus upload) as a staged blob, moving it if it can. */
  stageFile(key: string, filePath: string): Promise<{ size: number }>;
  /**
   * Takes over an object of the same bucket (a finished tus upload kept in S3) as a staged blob, copied
   * inside the storage server; only object stores have it. The source is left for the caller to delete.
   */
  stageObject?(key: string, sourceKey: string): Promise<{ size: number }>;
  /** Publishes a staged blob under its key (atomic rename on disk; a no-op where staging is the final place). */
  commit(key: string): Promise<void>;
  /** Forgets a blob, staged or committed; missing blobs are not an error. */
  delete(key: string): Promise<void>;
  /** A stream of a committed blob's bytes, or of bytes `start` to `end` (inclusive) of it. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Every committed key with its modification time, for the orphan sweep. */
  list(): AsyncIterable<{ key: string; modified: Date }>;
  /** Removes staged blobs older than the given age (left over by a crash); returns how many. */
  clearStaging(olderThanMs: number): Promise<number>;
}

/** Keys are server-made UUIDs: checking the shape keeps any user text out of paths and object keys. */
export const blobKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function assertBlobKey(key: string): void {
  if (!blobKeyPattern.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}
