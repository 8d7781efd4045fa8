import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DocumentListQuery, DocumentListResponse, DocumentPage, DocumentParams, FindingParams, PageParams, PatchFindingRequest, ProcessDirectoryRequest, ProcessDirectoryResponse, ReportDocument } from '@oncodesk/shared/contracts';
import { badRequest } from '../http/errors';
import { fileTooLarge } from '../vault/service';
import { filePartOf } from '../vault/filePart';
import type { DocumentsService } from './service';

/**
 * Reports of patient folders. Everything needs a session and sees only the caller's own folders.
 * POST /documents (multipart: `patientId` field first, then `file`) answers at once with status
 * "processing"; GET /documents/:id shows "done" with the findings, or "failed" with a reason.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService; maxBytes: number }> = async (app, { documents, maxBytes }) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['documents'];
  const security = [{ bearer: [] }];
  // reports a stopped process left half-read are read again once the server is up
  app.addHook('onReady', async () => {
    void documents.resumeUnfinished().catch((e) => app.log.warn({ err: e }, 'resuming report reading'));
  });
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 200, parts: 3 } });

  app.post('/documents', { schema: { tags, security, response: { 201: ReportDocument } } }, async (request, reply) => {
    const part = await filePartOf(request);
    const patientId = (part.fields.patientId as { value?: unknown } | undefined)?.value;
    if (typeof patientId !== 'string' || !patientId) {
      part.file.resume();
      throw badRequest('validation_failed', [{ path: 'patientId', code: 'required' }]);
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
    }
    return reply.status(201).send(await documents.upload(request.userId, patientId, part.filename, new Uint8Array(bytes)));
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
