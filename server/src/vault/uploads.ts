import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { TusUploadMetadata } from '@oncodesk/shared/contracts';
import { AppError } from '../http/errors';
import { errorMessage } from '../http/messages';
import type { SessionTokens } from '../http/session';
import type { BlobStore } from './blobs';
import type { VaultService } from './service';
import { sniffFile } from './sniff';

export const TUS_PATH = '/api/vault/uploads';

interface Options {
  service: VaultService;
  blobs: BlobStore;
  sessions: SessionTokens;
  /** Where partial uploads wait (DATA_DIR/vault/tus); kept across restarts so uploads resume. */
  directory: string;
  maxBytes: number;
  /** Partial uploads untouched this long are deleted by the periodic cleanup. */
  expiryMs: number;
}

/** Write buffer for incoming upload bytes (FileStore's write stream keeps Node's default 16 KiB). */
const UPLOAD_WRITE_BUFFER = 1 << 20;

/**
 * FileStore with two changes:
 * - no mkdir of its own in the constructor: that one is not awaited and throws from its callback when the
 *   folder is gone by then (a test removing its data dir while the thread pool was busy crashed a run);
 *   tusUploads creates the folder synchronously before the store;
 * - a 1 MiB write buffer: with 16 KiB every 64 KiB socket chunk waited for its own disk write before
 *   the next was read; a larger buffer lets chunks queue and go to disk together (writev), about twice
 *   the upload throughput (bench:vault). Bytes still reach the file in order; a connection that drops
 *   ends the stream gracefully (tus), so what arrived is written and the file size stays the offset.
 */
class PreparedFileStore extends FileStore {
  constructor(private readonly folder: string, expirationPeriodInMilliseconds: number) {
    super({ directory: folder, expirationPeriodInMilliseconds });
  }

  override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    const file = path.join(this.folder, uploadId);
    if (path.dirname(file) !== path.resolve(this.folder)) throw ERRORS.FILE_NOT_FOUND;
    const writable = fs.createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: UPLOAD_WRITE_BUFFER });
    try {
      await pipeline(readable, writable);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + writable.bytesWritten;
  }
}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/** A tus error response in the API's error format (the browser shows `error.message`). */
function tusError(status: number, code: string, acceptLanguage: string | null) {
  return { status_code: status, body: JSON.stringify({ error: { code, message: errorMessage(code, acceptLanguage ?? undefined) } }) };
}

function asTusError(error: unknown, acceptLanguage: string | null) {
  if (error instanceof AppError) {
    const status = error.statusCode;
    const code = error.fields?.[0]?.code ?? error.code;
    return tusError(status, code, acceptLanguage);
  }
  if (error && typeof error === 'object' && 'status_code' in error) return error;
  return tusError(500, 'vault_upload_internal', acceptLanguage);
}

/**
 * Resumable uploads (tus 1.0) under /api/vault/uploads. An upload belongs to the user who created it
 * (its metadata carries the owner, set by the server); every later request must come from that user.
 * Bytes wait in the tus directory until the last one arrives; only then is the type sniffed and the file
 * committed through the service, so a half-finished upload never appears in the vault.
 */
export function tusUploads({ service, blobs, sessions, directory, maxBytes, expiryMs }: Options): Server {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const datastore = new PreparedFileStore(path.resolve(directory), expiryMs);

  async function userOf(req: Request): Promise<string> {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
    if (!match) throw tusError(401, 'unauthorized', req.headers.get('accept-language'));
    try {
      return await sessions.verify(match[1]);
    } catch {
      throw tusError(401, 'unauthorized', req.headers.get('accept-language'));
    }
  }

  const server = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    // Upload-Concat is not offered; deferred length is, but the size is still capped by maxSize.
    async onIncomingRequest(req, uploadId) {
      const userId = await userOf(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      // Someone else's upload id looks exactly like an unknown one.
      if (!upload || upload.metadata?.ownerId !== userId) throw tusError(404, 'not_found', req.headers.get('accept-language'));
    },
    async onUploadCreate(req, upload) {
      const lang = req.headers.get('accept-language');
      const userId = await userOf(req);
      const parsed = TusUploadMetadata.safeParse({ filename: upload.metadata?.filename ?? undefined, parentId: upload.metadata?.parentId || null });
      if (!parsed.success) {
        const code = parsed.error.issues[0].message;
        throw tusError(400, /^[a-z_]+$/.test(code) ? code : 'validation_failed', lang);
      }
      try {
        await service.preflightUpload(userId, parsed.data.parentId, parsed.data.filename, upload.size ?? null, maxBytes);
      } catch (error) {
        throw asTusError(error, lang);
      }
      // The owner is the server's to say: whatever the client put there is replaced.
      return { metadata: { filename: parsed.data.filename, parentId: parsed.data.parentId ?? '', ownerId: userId } };
    },
    async onUploadFinish(req, upload: Upload) {
      const lang = req.headers.get('accept-language');
      const file = path.join(directory, upload.id);
      const meta = upload.metadata ?? {};
      try {
        const type = await sniffFile(file);
        const item = await service.addFile(meta.ownerId as string, meta.parentId || null, meta.filename as string, async (key) => {
          const { size } = await blobs.stageFile(key, file);
          return { size, type };
        });
        return { status_code: 204, headers: { 'Upload-Item-Id': item.id } };
      } catch (error) {
        throw asTusError(error, lang);
      } finally {
        // Finished either way: the bytes moved into the vault or were refused; the upload is over.
        await fs.promises.rm(file, { force: true });
        await fs.promises.rm(`${file}.json`, { force: true });
      }
    },
    onResponseError(req, error) {
      if (error && typeof error === 'object' && 'status_code' in error) {
        const e = error as { status_code: number; body: string };
        // tus's own size refusal, in our format.
        if (e.status_code === 413 && !e.body.startsWith('{')) return tusError(413, 'vault_file_too_large', req.headers.get('accept-language'));
        return e;
      }
      return tusError(500, 'vault_upload_internal', req.headers.get('accept-language'));
    },
  });
  return server;
}
