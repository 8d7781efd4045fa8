import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS, Server, type CancellationContext, type DataStore, type Locker, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { TusUploadMetadata, type VaultFileType } from '@oncodesk/shared/contracts';
import { AppError } from '../http/errors';
import { errorMessage } from '../http/messages';
import type { SessionTokens } from '../http/session';
import type { BlobStore } from './blobs';
import type { VaultService } from './service';
import { sniffFile } from './sniff';
import type { VaultAccountLimitsService } from './accountLimits';

export const TUS_PATH = '/api/vault/uploads';

/**
 * Where partial resumable uploads wait and how a finished one becomes a vault file: local disk
 * (DATA_DIR/vault/tus) or the vault's S3 bucket (uploads-s3.ts), so that with S3 any instance can
 * continue an upload another instance started.
 */
export interface UploadArea {
  readonly kind: 'local' | 's3';
  readonly datastore: DataStore;
  /** A new upload's id (the store's key); `urlIdOf` is the part of it that appears in the upload's URL. */
  newId(): string;
  urlIdOf(id: string): string;
  /** The id of the upload a URL names, or undefined when the URL cannot name one (answered 404). */
  idOfUrl(urlId: string): string | undefined;
  /** The finished upload's file type, read from its first bytes (all of a CSV or XLSX). */
  sniff(id: string): Promise<VaultFileType | null>;
  /** Hands the finished upload's bytes to the blob store as the staged blob `key`. */
  stage(blobs: BlobStore, key: string, id: string): Promise<{ size: number }>;
  /** Forgets an upload, finished or not. */
  discard(id: string): Promise<void>;
  /** Removes uploads created more than the expiry period before `now`; returns how many. */
  expire(now: Date): Promise<number>;
}

/** Write buffer for incoming upload bytes (FileStore's write stream keeps Node's default 16 KiB). */
const UPLOAD_WRITE_BUFFER = 1 << 20;
const urlIdPattern = /^[0-9a-f]{32}$/;

/**
 * FileStore with two changes:
 * - no mkdir of its own in the constructor: that one is not awaited and throws from its callback when the
 *   folder is gone by then (a test removing its data dir while the thread pool was busy crashed a run);
 *   localUploadArea creates the folder synchronously before the store;
 * - a 1 MiB write buffer: with 16 KiB every 64 KiB socket chunk waited for its own disk write before
 *   the next was read; a larger buffer lets chunks queue and go to disk together (writev), about twice
 *   the upload throughput (bench:vault). Bytes still reach the file in order; a connection that drops
 *   ends the stream gracefully (tus), so what arrived is written and the file size stays the offset.
 */
class PreparedFileStore extends FileStore {
  constructor(
    private readonly folder: string,
    expirationPeriodInMilliseconds: number,
  ) {
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

/**
 * Partial uploads on local disk. With several instances this folder must be shared by all of them (or
 * the load balancer must send an upload's requests to one instance): see README, "Several instances".
 */
export function localUploadArea(directory: string, expiryMs: number): UploadArea {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const folder = path.resolve(directory);
  const datastore = new PreparedFileStore(folder, expiryMs);
  const discard = async (id: string) => {
    await fs.promises.rm(path.join(folder, id), { force: true });
    await fs.promises.rm(path.join(folder, `${id}.json`), { force: true });
  };
  return {
    kind: 'local',
    datastore,
    newId: () => crypto.randomBytes(16).toString('hex'),
    urlIdOf: (id) => id,
    idOfUrl: (urlId) => (urlIdPattern.test(urlId) ? urlId : undefined),
    sniff: (id) => sniffFile(path.join(folder, id)),
    stage: (blobs, key, id) => blobs.stageFile(key, path.join(folder, id)),
    discard,
    async expire(now) {
      if (!expiryMs) return 0;
      let removed = 0;
      for (const name of await fs.promises.readdir(folder).catch(() => [] as string[])) {
        const id = name.replace(/\.json$/, '');
        if (name === id || !urlIdPattern.test(id)) continue;
        const info = await fs.promises
          .readFile(path.join(folder, name), 'utf8')
          .then((text) => JSON.parse(text) as { creation_date?: string })
          .catch(() => null);
        const created = info?.creation_date ? Date.parse(info.creation_date) : (await fs.promises.stat(path.join(folder, name)).catch(() => null))?.mtimeMs;
        if (created != null && created + expiryMs < now.getTime()) {
          await discard(id);
          removed++;
        }
      }
      return removed;
    },
  };
}

interface Options {
  service: VaultService;
  blobs: BlobStore;
  sessions: SessionTokens;
  area: UploadArea;
  maxBytes: number;
  /** Exclusive access to one upload while a request works on it; default: within this process only. */
  locker?: Locker;
  log?: FastifyBaseLogger;
  /** Caps on the uploads an account has open (vault/accountLimits.ts). */
  limits: Pick<VaultAccountLimitsService, 'openUpload' | 'closeUpload'>;
}

/** Every tus refusal in the API's error shape: the code (and, where tus's status is unhelpful, a status). */
const tusErrorCodes = new Map<string, { code: string; status?: number }>([
  [ERRORS.MISSING_OFFSET.body, { code: 'vault_upload_headers_invalid' }],
  [ERRORS.INVALID_CONTENT_TYPE.body, { code: 'vault_upload_headers_invalid' }],
  [ERRORS.INVALID_LENGTH.body, { code: 'vault_upload_headers_invalid' }],
  [ERRORS.INVALID_METADATA.body, { code: 'vault_upload_headers_invalid' }],
  [ERRORS.ABORTED.body, { code: 'vault_upload_interrupted' }],
  [ERRORS.INVALID_TERMINATION.body, { code: 'vault_upload_finished' }],
  // 423, which tus clients retry (tus-js-client does, and remote-vault asks it to), rather than a 500.
  [ERRORS.ERR_LOCK_TIMEOUT.body, { code: 'vault_upload_busy', status: 423 }],
  [ERRORS.FILE_NOT_FOUND.body, { code: 'not_found' }],
  [ERRORS.INVALID_OFFSET.body, { code: 'vault_upload_offset_conflict' }],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, { code: 'vault_upload_expired' }],
  [ERRORS.ERR_SIZE_EXCEEDED.body, { code: 'vault_file_too_large' }],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED.body, { code: 'vault_file_too_large' }],
  [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body, { code: 'vault_upload_unsupported' }],
  [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION.body, { code: 'vault_upload_unsupported' }],
  [ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION.body, { code: 'vault_upload_unsupported' }],
  // Answers tus's Server writes itself before any handler runs.
  ['Tus-Resumable Required\n', { code: 'vault_upload_protocol' }],
  ['Not found\n', { code: 'not_found' }],
]);

function codeOfTusAnswer(status: number, body: string): { status: number; code: string } {
  const known = tusErrorCodes.get(body);
  if (known) return { status: known.status ?? status, code: known.code };
  if (status === 400 && body.startsWith('Invalid ')) return { status, code: 'vault_upload_headers_invalid' };
  return { status, code: status >= 500 ? 'vault_upload_internal' : 'validation_failed' };
}

const isApiErrorBody = (body: string) => body.startsWith('{"error":');
const apiErrorBody = (code: string, lang: string | undefined) => JSON.stringify({ error: { code, message: errorMessage(code, lang) } });

/** The Accept-Language of the request tus is answering (its error writer is not given the request). */
const requestLanguage = new AsyncLocalStorage<string | undefined>();

/**
 * tus's Server, with every error it answers in the API's error shape `{ error: { code, message } }`,
 * translated by Accept-Language like the rest of the API. tus builds all of its error answers in one
 * place (`write`: its own refusals, the early 412 / 400 on protocol headers, and errors thrown by
 * handlers and hooks), so translating there covers every path; the tus headers it set (Tus-Resumable,
 * Upload-Offset, CORS) are kept as they are.
 */
class VaultTusServer extends Server {
  override handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const lang = req.headers['accept-language'];
    return requestLanguage.run(Array.isArray(lang) ? lang[0] : lang, () => super.handle(req, res));
  }

  override write(context: CancellationContext, headers: Headers, status: number, body = '') {
    if (status >= 400 && !isApiErrorBody(body)) {
      const translated = codeOfTusAnswer(status, body);
      status = translated.status;
      body = apiErrorBody(translated.code, requestLanguage.getStore());
    }
    if (status >= 400) headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, status, body);
  }
}

/** A tus error response in the API's format (the browser shows `error.message`). */
function tusError(status: number, code: string, acceptLanguage: string | null) {
  return { status_code: status, body: apiErrorBody(code, acceptLanguage ?? undefined) };
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
 * (its metadata carries the owner, set by the server, and lives with the upload in its store: on the
 * bucket with S3, so every instance checks it the same way); every later request must come from that
 * user, and someone else's upload answers exactly like an unknown one (404).
 * Bytes wait in the upload area until the last one arrives; only then is the type sniffed and the file
 * committed through the service, so a half-finished upload never appears in the vault.
 */
export function tusUploads({ service, blobs, sessions, area, maxBytes, locker, log, limits }: Options): Server {
  const { datastore } = area;

  async function userOf(req: Request): Promise<string> {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
    if (!match) throw tusError(401, 'unauthorized', req.headers.get('accept-language'));
    try {
      return await sessions.verify(match[1]);
    } catch {
      throw tusError(401, 'unauthorized', req.headers.get('accept-language'));
    }
  }

  const server = new VaultTusServer({
    path: TUS_PATH,
    datastore,
    ...(locker ? { locker } : {}),
    maxSize: maxBytes,
    namingFunction: () => area.newId(),
    generateUrl: (_req, { path: base, id }) => `${base}/${area.urlIdOf(id)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath ? area.idOfUrl(lastPath) : undefined),
    // Upload-Concat is not offered; deferred length is, but the size is still capped by maxSize.
    async onIncomingRequest(req, uploadId) {
      const userId = await userOf(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      // Someone else's upload id looks exactly like an unknown one.
      if (!upload || upload.metadata?.ownerId !== userId) throw tusError(404, 'not_found', req.headers.get('accept-language'));
      // a cancelled upload no longer counts against the account's open uploads
      if (req.method === 'DELETE') await limits.closeUpload(uploadId);
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
        // counted until it finishes, is cancelled or expires; a deferred length counts as the largest file
        await limits.openUpload(userId, upload.id, upload.size ?? maxBytes);
      } catch (error) {
        throw asTusError(error, lang);
      }
      // The owner is the server's to say: whatever the client put there is replaced.
      return { metadata: { filename: parsed.data.filename, parentId: parsed.data.parentId ?? '', ownerId: userId } };
    },
    async onUploadFinish(req, upload: Upload) {
      const lang = req.headers.get('accept-language');
      const meta = upload.metadata ?? {};
      try {
        const type = await area.sniff(upload.id);
        const item = await service.addFile(meta.ownerId as string, meta.parentId || null, meta.filename as string, async (key) => {
          const { size } = await area.stage(blobs, key, upload.id);
          return { size, type };
        });
        return { status_code: 204, headers: { 'Upload-Item-Id': item.id } };
      } catch (error) {
        if (!(error instanceof AppError)) log?.error({ err: error, upload: upload.id }, 'finishing a resumable upload failed');
        throw asTusError(error, lang);
      } finally {
        // Finished either way: the bytes moved into the vault or were refused; the upload is over.
        await area.discard(upload.id).catch((error) => log?.warn({ err: error, upload: upload.id }, 'could not remove a finished upload'));
        await limits.closeUpload(upload.id).catch((error) => log?.warn({ err: error, upload: upload.id }, 'finished upload still counted as open'));
      }
    },
    onResponseError(req, error) {
      if (error && typeof error === 'object' && 'status_code' in error) return error as { status_code: number; body: string };
      log?.error({ err: error, method: req.method }, 'resumable upload failed');
      return tusError(500, 'vault_upload_internal', req.headers.get('accept-language'));
    },
  });
  return server;
}
