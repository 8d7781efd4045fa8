import { z } from 'zod';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FhirExportParams, FhirImportQuery, FhirImportResponse } from '@oncodesk/shared/contracts';
import { badRequest } from '../http/errors';
import { strictJsonParser } from '../http/json';
import type { FhirService } from './service';

/** Largest bundle accepted: real mCODE bundles with full histories run to a few hundred kilobytes. */
export const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

/** Body errors of Fastify's parser that mean "this is not a FHIR bundle" rather than a generic failure. */
const NOT_FHIR = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

/**
 * POST /patients/import (a FHIR R4 Bundle as application/json or application/fhir+json) creates a
 * folder from its mCODE content; GET /patients/:id/fhir exports a folder. Both need a session. Every
 * body problem is a 400 with a machine-readable code (fhir_invalid, fhir_too_large, ...), never a 500.
 */
export const fhirRoutes: FastifyPluginAsyncZod<{ fhir: FhirService }> = async (app, { fhir }) => {
  // before the body is read: anonymous callers are turned away without parsing megabytes
  const tags = ['patients', 'fhir'];
  const security = [{ bearer: [] }];
  // decoded strictly like every JSON body (http/json.ts): invalid UTF-8 is refused, not read as U+FFFD
  app.addContentTypeParser('application/fhir+json', { parseAs: 'buffer', bodyLimit: MAX_BUNDLE_BYTES }, strictJsonParser(app));
  // this plugin's body errors as 400s; anything else goes on to the API's own handler
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw badRequest('fhir_too_large', [{ path: 'body', code: 'fhir_too_large' }]);
    if (NOT_FHIR.has(error.code)) throw badRequest('fhir_invalid', [{ path: 'body', code: 'fhir_not_json' }]);
    throw error;
  });

  app.post(
    '/patients/import',
    { bodyLimit: MAX_BUNDLE_BYTES, schema: { tags, security, querystring: FhirImportQuery, body: z.unknown(), response: { 201: FhirImportResponse } } },
    async (request, reply) => reply.status(201).send(await fhir.importBundle(request.userId, request.body, request.query)),
  );

  app.get('/patients/:id/fhir', { schema: { tags, security, params: FhirExportParams } }, async (request, reply) =>
    reply.type('application/fhir+json').send(await fhir.exportBundle(request.userId, request.params.id)),
  );
};
