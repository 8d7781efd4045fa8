import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

type Done = (error: Error | null, body?: unknown) => void;

/** Decodes UTF-8 strictly: a malformed sequence throws instead of becoming U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be valid UTF-8 (RFC 8259 §8.1). Fastify decodes them leniently, so a malformed byte
 * sequence became U+FFFD and was stored as if the user had typed it. This parser decodes strictly and
 * answers 400 `validation_failed` (field `body`, `invalid_encoding`) instead, then hands the text to
 * Fastify's own JSON parser (prototype-poisoning checks included). `allowEmpty`: an empty body is "no
 * body" (for routes whose body is optional); otherwise it stays Fastify's 400.
 */
export function strictJsonParser(app: Pick<FastifyInstance, 'getDefaultJsonParser'>, options: { allowEmpty?: boolean } = {}) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: Done) => {
    if (options.allowEmpty && body.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = strictUtf8.decode(body);
    } catch {
      return done(badRequest('validation_failed', [{ path: 'body', code: 'invalid_encoding' }]));
    }
    // called with `done`, Fastify's parser answers through it (its declared return covers the promise form)
    void parse(request, text, done);
  };
}

/** Replaces the JSON parser of a context (the root: every route) with the strict one. */
export function strictJson(app: FastifyInstance, options: { allowEmpty?: boolean } = {}): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, strictJsonParser(app, options));
}
