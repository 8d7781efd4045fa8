import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@oncodesk/shared/contracts';
import { errorMessage, hasErrorMessage } from './messages';

/** An expected failure with its HTTP status and machine-readable code; the handler translates it. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    readonly fields?: FieldError[],
  ) {
    super(code);
  }
}

/** A field's problem; `message` when the domain words it with its values ("could be 1,3 or 1300"), else the code's message. */
export type FieldError = { path: string; code: string; message?: string };

export const badRequest = (code: string = 'validation_failed', fields?: FieldError[]) => new AppError(400, code, fields);
export const unauthorized = (code: string = 'unauthorized') => new AppError(401, code);
export const forbidden = (code: string = 'forbidden') => new AppError(403, code);
export const notFound = (code: string = 'not_found') => new AppError(404, code);
export const conflict = (code: string = 'conflict') => new AppError(409, code);

function send(reply: FastifyReply, request: FastifyRequest, status: number, code: string, fields?: FieldError[]) {
  const lang = request.headers['accept-language'];
  return reply.status(status).send({
    error: {
      code,
      message: errorMessage(code, lang),
      // a field whose code has no message of its own (a value such as a focus area) gets the error's message, never "something wrong happened"
      ...(fields?.length ? { fields: fields.map((f) => ({ ...f, message: f.message ?? errorMessage(hasErrorMessage(f.code) ? f.code : code, lang) })) } : {}),
    },
  });
}

/**
 * Errors Fastify's router raises before any route or hook (a URL that does not decode, a path parameter
 * over the length limit), in the API's error shape like every other 4xx (Fastify's `frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, request, 414, 'url_too_long');
  return send(reply, request, 400, 'url_invalid');
}

const statusCodes: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'payload_too_large', 415: 'validation_failed', 429: 'rate_limited' };

/** One error format for the whole API: `{ error: { code, message, fields? } }`, 4xx for anything the client caused. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // a limit that says when the same request may pass (vault/accountLimits.ts LimitExceeded)
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number' && retryAfter > 0) void reply.header('retry-after', String(Math.ceil(retryAfter)));
      return send(reply, request, error.statusCode, error.code, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '',
        // Our schemas put i18n codes (required, email_invalid, ...) in their messages; anything else is generic.
        code: /^[a-z_]+$/.test(v.message ?? '') ? (v.message as string) : 'validation_failed',
      }));
      return send(reply, request, 400, 'validation_failed', fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return send(reply, request, 500, 'internal');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, rate limit...
      return send(reply, request, status, statusCodes[status] ?? 'validation_failed');
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, 500, 'internal');
  });
}

/** JSON 404 in the error format, for contexts that serve no web pages. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, 'not_found');
}
