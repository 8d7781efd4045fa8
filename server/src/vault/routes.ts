import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CreateFolderRequest,
  EnsureFolderPathRequest,
  EnsureFolderPathResponse,
  ItemIdParams,
  PatchItemRequest,
  PublicShare,
  ShareHashParams,
  ShareRequest,
  VaultItem,
  VaultListQuery,
  VaultListing,
  VaultParentId,
  VaultShareList,
  VaultUsage,
} from '@oncodesk/shared/contracts';
import type { Server as TusServer } from '@tus/server';
import { AppError, badRequest, unauthorized } from '../http/errors';
import { errorMessage } from '../http/messages';
import type { BlobStore } from './blobs';
import { PrefetchingFileReader } from './blobs/file-reader';
import type { DownloadTickets } from './tickets';
import { fileTooLarge, type VaultService } from './service';
import { filePartOf } from './filePart';
import type { ItemRow } from './storage';
import { sniffingStream, TypeSniffer } from './sniff';
import { RangeNotSatisfiable, requestedRange, type ByteRange } from './range';
import { DEFAULT_STALL_MS, stallOf, watchBodyProgress } from '../http/stall';

export interface VaultRoutesOptions {
  vault: VaultService;
  tickets: DownloadTickets;
  blobs: BlobStore;
  tus: TusServer;
  maxBytes: number;
  /** A request body that makes no progress this long is cut (408); default 30 s. */
  stallMs?: number;
  /** Sharing needs a verified email (preHandler from auth/verification); absent in tests of the vault alone. */
  shareGuard?: (request: FastifyRequest) => Promise<void>;
}

const security = [{ bearer: [] }];
const DownloadQuery = z.object({ inline: z.enum(['0', '1']).optional(), ticket: z.string().max(1024).optional() });
const DownloadTicket = z.object({ ticket: z.string(), expiresAt: z.string() });

/** RFC 6266 filename: an ASCII fallback plus the exact UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A strong validator for a file's bytes: they never change under a record (a new upload is a new blob),
 * so a digest of the blob key names them. Lets a client resume a download with Range + If-Range.
 */
function etagOf(item: ItemRow): string {
  return `"${crypto.createHash('sha256').update(String(item.blob_key)).digest('base64url').slice(0, 27)}"`;
}

/** The part of a file a request asks for (Range, If-Range), or null for all of it. */
export function rangeOf(request: FastifyRequest) {
  return (item: ItemRow): ByteRange | null => requestedRange(request.headers.range, request.headers['if-range'] as string | undefined, Number(item.size), etagOf(item));
}

/** 416 with the file's size, as RFC 9110 asks, when a Range starts past the end. */
export function notSatisfiable(reply: FastifyReply, error: unknown, lang?: string) {
  if (!(error instanceof RangeNotSatisfiable)) throw error;
  // the API's error shape like every 4xx (a client that reads only the status still has it)
  return reply
    .status(416)
    .header('content-range', `bytes */${error.size}`)
    .header('accept-ranges', 'bytes')
    .send({ error: { code: 'range_not_satisfiable', message: errorMessage('range_not_satisfiable', lang) } });
}

export async function sendFile(reply: FastifyReply, item: ItemRow, stream: NodeJS.ReadableStream, range: ByteRange | null, inline: boolean) {
  // Only formats a browser renders safely are shown inline; the rest always download.
  const canInline = inline && (item.file_type === 'pdf' || item.file_type === 'jpeg' || item.file_type === 'png');
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${item.size}`);
  reply
    .header('content-type', item.mime_type ?? 'application/octet-stream')
    .header('content-length', String(range ? range.end - range.start + 1 : item.size))
    .header('accept-ranges', 'bytes')
    .header('etag', etagOf(item))
    .header('content-disposition', disposition(canInline ? 'inline' : 'attachment', item.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (stream instanceof PrefetchingFileReader) return sendFromDisk(reply, stream);
  return reply.send(stream);
}

/**
 * A file on local disk goes straight to the socket through the reader's reused buffers (see
 * PrefetchingFileReader.sendTo: no garbage per chunk), so the reply is taken over from Fastify once its
 * headers are set. A read failing mid-body cuts the connection: the client sees a short body against
 * Content-Length, never a silently truncated file. HEAD gets the same headers (the real Content-Length)
 * and no read at all (Fastify's HEAD handling would read a stream through to discard it).
 */
async function sendFromDisk(reply: FastifyReply, reader: PrefetchingFileReader) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  if (reply.request.method === 'HEAD') {
    reader.destroy();
    res.end();
    return reply;
  }
  try {
    await reader.sendTo(res);
    res.end();
  } catch (error) {
    reply.log.warn({ err: error }, 'file download failed mid-body');
    res.destroy(error as Error);
  }
  return reply;
}

export function sendZip(reply: FastifyReply, item: ItemRow, stream: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', disposition('attachment', `${item.name}.zip`))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * The vault API. Everything but /vault/public/* needs a session, and every service call takes the
 * session's user id, so ids of other users' items behave exactly like ids that do not exist (404).
 */
export const vaultRoutes: FastifyPluginAsyncZod<VaultRoutesOptions> = async (app, { vault, blobs, tus, maxBytes, tickets, shareGuard, stallMs = DEFAULT_STALL_MS }) => {
  /**
   * Downloads are opened by the browser itself (links, iframes), which cannot send a header: a ticket too.
   * The gate (http/access.ts, 'ticket') checked the session of a request with an Authorization header or
   * without a ticket; any other is checked here by its ticket.
   */
  const ticketUnlessSession = async (request: FastifyRequest) => {
    if (request.userId) return;
    const { ticket } = (request.query ?? {}) as { ticket?: string };
    const { id } = (request.params ?? {}) as { id?: string };
    const userId = await tickets.verify(ticket ?? '', id ?? '');
    if (!userId) throw unauthorized();
    request.userId = userId;
  };

  app.get('/vault/items', { schema: { tags: ['vault'], security, querystring: VaultListQuery, response: { 200: VaultListing } } }, async (request) =>
    vault.list(request.userId, request.query),
  );

  app.get('/vault/usage', { schema: { tags: ['vault'], security, response: { 200: VaultUsage } } }, async (request) => vault.usage(request.userId));

  app.get('/vault/items/:id', { schema: { tags: ['vault'], security, params: ItemIdParams, response: { 200: VaultItem } } }, async (request) =>
    vault.get(request.userId, request.params.id),
  );

  app.post(
    '/vault/items/:id/ticket',
    { schema: { tags: ['vault'], security, params: ItemIdParams, response: { 200: DownloadTicket } } },
    async (request) => {
      await vault.get(request.userId, request.params.id); // only for one's own items
      return tickets.issue(request.userId, request.sessionId, request.params.id);
    },
  );

  app.post('/vault/folders', { schema: { tags: ['vault'], security, body: CreateFolderRequest, response: { 201: VaultItem } } }, async (request, reply) =>
    reply.status(201).send(await vault.createFolder(request.userId, request.body.parentId, request.body.name)),
  );

  app.post(
    '/vault/folders/ensure',
    { schema: { tags: ['vault'], security, body: EnsureFolderPathRequest, response: { 200: EnsureFolderPathResponse } } },
    async (request) => vault.ensurePath(request.userId, request.body.parentId, request.body.segments),
  );

  app.patch(
    '/vault/items/:id',
    { schema: { tags: ['vault'], security, params: ItemIdParams, body: PatchItemRequest, response: { 200: VaultItem } } },
    async (request) => vault.patch(request.userId, request.params.id, request.body),
  );

  app.delete('/vault/items/:id', { schema: { tags: ['vault'], security, params: ItemIdParams } }, async (request, reply) => {
    await vault.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/vault/items/:id/download',
    { onRequest: ticketUnlessSession, schema: { tags: ['vault'], security, params: ItemIdParams, querystring: DownloadQuery } },
    async (request, reply) => {
      try {
        const { item, stream, range } = await vault.openFile(request.userId, request.params.id, rangeOf(request));
        return sendFile(reply, item, stream, range, request.query.inline === '1');
      } catch (error) {
        return notSatisfiable(reply, error, request.headers['accept-language']);
      }
    },
  );

  app.get(
    '/vault/items/:id/zip',
    { onRequest: ticketUnlessSession, schema: { tags: ['vault'], security, params: ItemIdParams, querystring: DownloadQuery } },
    async (request, reply) => {
      const { item, stream } = await vault.openZip(request.userId, request.params.id);
      return sendZip(reply, item, stream);
    },
  );

  // --- sharing ---

  app.post(
    '/vault/items/:id/shares',
    { preHandler: shareGuard ? [shareGuard] : [], schema: { tags: ['vault'], security, params: ItemIdParams, body: ShareRequest, response: { 201: VaultShareList } } },
    async (request, reply) =>
      reply.status(201).send({ shares: await vault.share(request.userId, request.params.id, request.body.emails, request.headers['accept-language']) }),
  );

  app.get('/vault/items/:id/shares', { schema: { tags: ['vault'], security, params: ItemIdParams, response: { 200: VaultShareList } } }, async (request) => ({
    shares: await vault.shares(request.userId, request.params.id),
  }));

  app.get('/vault/shares', { schema: { tags: ['vault'], security, response: { 200: VaultShareList } } }, async (request) => ({
    shares: await vault.shares(request.userId, null),
  }));

  app.delete('/vault/shares/:id', { schema: { tags: ['vault'], security, params: ItemIdParams } }, async (request, reply) => {
    await vault.revoke(request.userId, request.params.id);
    return reply.status(204).send();
  });

  // Signed out: the mailed link. Unknown, revoked and expired tokens all read as invalid_link.
  app.get('/vault/public/:hash', { schema: { tags: ['vault'], params: ShareHashParams, response: { 200: PublicShare } } }, async (request) =>
    vault.publicInfo(request.params.hash),
  );
  app.get('/vault/public/:hash/download', { schema: { tags: ['vault'], params: ShareHashParams } }, async (request, reply) => {
    try {
      const { item, stream, range } = await vault.publicOpen(request.params.hash, rangeOf(request));
      return item.kind === 'file' ? sendFile(reply, item, stream, range, false) : sendZip(reply, item, stream);
    } catch (error) {
      return notSatisfiable(reply, error, request.headers['accept-language']);
    }
  });

  // --- uploads ---

  // A request whose body stalled is answered (408) and its connection closed at once (stall.ts).
  app.addHook('onSend', async (request, reply) => {
    if (stallOf(request.raw)) reply.header('connection', 'close');
  });

  // preservePath: keep the client's name as sent, so a path in it is refused (400) rather than silently cut.
  await app.register(multipart, { preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6 } });

  /**
   * The spec's single-request upload: multipart with a `parentId` field (optional, before the file) and
   * one `file`. The file streams to disk through the type sniffer; nothing is buffered whole.
   */
  app.post('/file', { schema: { tags: ['vault'], security, response: { 201: VaultItem } } }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
    // Refuse an announced oversize body before reading it (the multipart envelope adds a few KB).
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > maxBytes + 64 * 1024) throw fileTooLarge();
    const part = await filePartOf(request, stallMs);
    const field = part.fields.parentId as { value?: unknown } | undefined;
    const parsedParent = VaultParentId.safeParse(field?.value === '' ? null : field?.value);
    if (!parsedParent.success) {
      part.file.resume();
      throw badRequest('validation_failed', [{ path: 'parentId', code: 'not_found' }]);
    }
    const parentId = parsedParent.data;
    try {
      await vault.preflightUpload(request.userId, parentId, part.filename, null, maxBytes);
    } catch (error) {
      part.file.resume(); // drain, so the client gets the answer instead of a reset
      throw error;
    }
    const item = await vault.addFile(request.userId, parentId, part.filename, async (key) => {
      const sniffer = new TypeSniffer();
      const sniff = sniffingStream(sniffer);
      // pipeline, not pipe: a body that ended without its closing boundary has already failed the part by
      // now (while the folder was checked), and only pipeline passes an earlier failure on
      pipeline(part.file, sniff, () => undefined);
      try {
        const { size } = await blobs.stage(key, sniff);
        if (part.file.truncated) throw fileTooLarge();
        return { size, type: sniffer.finish() };
      } catch (error) {
        // A stalled body surfaces here as whatever the store made of the destroyed stream.
        const stalled = stallOf(request.raw);
        if (stalled) throw stalled;
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw fileTooLarge();
        // the client's body broke off (no closing boundary, a part cut short): its fault, nothing was kept
        if (part.file.errored) throw badRequest();
        throw error;
      }
    });
    return reply.status(201).send(item);
  });

  // tus: the raw body must reach the tus server untouched, whatever its declared type (tus itself answers a
  // wrong Content-Type, in the API's error shape with its protocol headers), so these routes live in a
  // context whose only body parser reads nothing.
  await app.register(async (tusRoutes) => {
    tusRoutes.removeAllContentTypeParsers();
    tusRoutes.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // answers given before tus sees the request (the /api gate's 401, http/access.ts) name the protocol
    // version like tus's own, so a tus client reads them as tus answers
    tusRoutes.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('tus-resumable')) void reply.header('tus-resumable', '1.0.0');
    });
    const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // A PATCH whose bytes stop arriving is cut like a stalled multipart body: tus then keeps what arrived
      // (the client resumes from HEAD) and releases the upload's lock for the client's next request.
      if (request.method === 'PATCH' || request.method === 'POST') watchBodyProgress(request.raw, stallMs, (error) => request.raw.destroy(error));
      await tus.handle(request.raw, reply.raw);
    };
    for (const method of ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      tusRoutes.route({ method, url: '/vault/uploads', handler: toTus, schema: { hide: true } });
      tusRoutes.route({ method, url: '/vault/uploads/:uploadId', handler: toTus, schema: { hide: true } });
    }
  });
};
