import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DocumentListQuery, DocumentListResponse, DocumentPage, DocumentParams, FindingParams, PageParams, PatchFindingRequest, ProcessDirectoryRequest, ProcessDirectoryResponse, ReportDocument } from '@oncodesk/shared/contracts';
import { fileTooLarge } from '../vault/service';
import { formWithFileOf } from '../vault/filePart';
import type { DocumentsService } from './service';

/**
 * Reports of patient folders. Everything needs a session and sees only the caller's own folders.
 * POST /documents (multipart: a `patientId` field and a `file`, in any order) answers at once with status
 * "processing"; GET /documents/:id shows "done" with the findings, or "failed" with a reason.
 */
/** Room for the form around the file (boundaries, part headers, the patientId field). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService; maxBytes: number }> = async (app, { documents, maxBytes }) => {
  const tags = ['documents'];
  const security = [{ bearer: [] }];
  // reports a stopped process left half-read are read again once the server is up
  app.addHook('onReady', async () => {
    void documents.resumeUnfinished().catch((e) => app.log.warn({ err: e }, 'resuming report reading'));
  });
  app.addHook('onClose', async () => documents.close());
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 200, parts: 3 } });

  app.post('/documents', { schema: { tags, security, response: { 201: ReportDocument } } }, async (request, reply) => {
    // a body declared larger than a report may be is refused before any of it is read
    if (Number(request.headers['content-length']) > maxBytes + FORM_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw fileTooLarge();
    }
    // the folder is checked as soon as patientId is in: before the file is read when it comes first
    const form = await formWithFileOf(request, { required: ['patientId'], check: (f) => documents.checkFolder(request.userId, f.patientId) }).catch((e: unknown) => {
      reply.header('connection', 'close'); // the rest of the body is not read
      throw e;
    });
    return reply.status(201).send(await documents.upload(request.userId, form.fields.patientId, form.filename, new Uint8Array(form.bytes)));
  });

  app.post('/documents/process-directory', { schema: { tags, security, body: ProcessDirectoryRequest, response: { 200: ProcessDirectoryResponse } } }, async (request) =>
    documents.processDirectory(request.userId, request.body.patientId, request.body.folderId),
  );

  app.get('/documents', { schema: { tags, security, querystring: DocumentListQuery, response: { 200: DocumentListResponse } } }, async (request) => ({
    documents: await documents.list(request.userId, request.query.patientId),
  }));
  app.get('/documents/:id', { schema: { tags, security, params: DocumentParams, response: { 200: ReportDocument } } }, async (request) => documents.get(request.userId, request.params.id));
  app.patch('/documents/:id/findings/:findingId', { schema: { tags, security, params: FindingParams, body: PatchFindingRequest, response: { 200: ReportDocument } } }, async (request) =>
    documents.patchFinding(request.userId, request.params.id, request.params.findingId, request.body),
  );
  app.get('/documents/:id/pages/:page', { schema: { tags, security, params: PageParams, response: { 200: DocumentPage } } }, async (request) => documents.page(request.userId, request.params.id, request.params.page));
  app.delete('/documents/:id', { schema: { tags, security, params: DocumentParams } }, async (request, reply) => {
    await documents.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
};
