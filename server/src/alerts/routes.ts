import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AlertParams, EnableAlertRequest, FolderAlert, FolderVisitResponse, UnsubscribeBody, UnsubscribeQuery, UnsubscribeResponse } from '@oncodesk/shared/contracts';
import multipart from '@fastify/multipart';
import { badRequest } from '../http/errors';
import { strictJson } from '../http/json';
import type { AlertsService } from './service';
import { PAGE_CSS, unsubscribePage, type PageState } from './unsubscribe';

const CSS_PATH = '/alerts/unsubscribe.css';

/**
 * Alerts on new matching trials. Signed in: a folder's alert (read, on for a search, off) and the visit
 * of its results ("new since your last visit"). Signed out: the unsubscribe link of a digest, a page in
 * the user's language whose button POSTs the change (a GET changes nothing: mail scanners prefetch
 * links); a client that does not ask for HTML gets JSON.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  const tags = ['alerts'];
  const security = [{ bearer: [] }];

  app.get('/alerts/folders/:patientId', { schema: { tags, security, params: AlertParams, response: { 200: FolderAlert } } }, async (request) =>
    alerts.state(request.userId, request.params.patientId),
  );
  app.put('/alerts/folders/:patientId', { schema: { tags, security, params: AlertParams, body: EnableAlertRequest, response: { 200: FolderAlert } } }, async (request) =>
    alerts.enable(request.userId, request.params.patientId, request.body.searchKey),
  );
  app.delete('/alerts/folders/:patientId', { schema: { tags, security, params: AlertParams, response: { 200: FolderAlert } } }, async (request) =>
    alerts.disable(request.userId, request.params.patientId),
  );
  app.post('/alerts/folders/:patientId/visit', { schema: { tags, security, params: AlertParams, response: { 200: FolderVisitResponse } } }, async (request) =>
    alerts.visit(request.userId, request.params.patientId),
  );

  // the confirmation button posts an HTML form; parsed here only (this plugin's routes). URLSearchParams is
  // the WHATWG form decoder: one line does not justify another dependency (@fastify/formbody)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // RFC 8058 one-click: mail clients POST to the link itself, with no body, an empty one (any type) or
  // multipart/form-data ("List-Unsubscribe=One-Click"); the token is in the link, a form field may carry it too
  strictJson(app, { allowEmpty: true });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 4, fieldSize: 2048, parts: 4 } });

  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
  const page = (reply: FastifyReply, status: number, language: string | null | undefined, state: PageState, request: FastifyRequest) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(unsubscribePage(language ?? request.headers['accept-language']?.split(',')[0], state, { action: '/api/alerts/unsubscribe', css: `/api${CSS_PATH}`, app: '/' }));

  app.get(CSS_PATH, { schema: { hide: true } }, async (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PAGE_CSS));

  /** The link in the mail: asks to confirm (changes nothing). */
  app.get('/alerts/unsubscribe', { schema: { tags, querystring: UnsubscribeQuery } }, async (request, reply) => {
    const found = await alerts.describe(request.query.token);
    if (!found) {
      if (!wantsHtml(request)) throw badRequest('invalid_link');
      return page(reply, 400, null, { kind: 'invalid' }, request);
    }
    const scope = found.claim.patientId ? 'folder' : 'all';
    if (!wantsHtml(request)) return reply.send({ scope, turnedOff: 0 });
    return page(reply, 200, found.language, { kind: 'ask', scope, token: request.query.token }, request);
  });

  /**
   * The confirmation: turns the alert off. The token comes in the form (the page's button) or in the
   * query (a one-click List-Unsubscribe POST, RFC 8058, to the link itself).
   */
  app.post('/alerts/unsubscribe', { schema: { tags, querystring: UnsubscribeQuery.partial(), body: UnsubscribeBody.nullish(), description: `200: ${Object.keys(UnsubscribeResponse.shape).join(', ')} as JSON, or the confirmation page for a browser` } }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    const done = token ? await alerts.unsubscribe(token) : null;
    if (!done) {
      if (!wantsHtml(request)) throw badRequest('invalid_link');
      return page(reply, 400, null, { kind: 'invalid' }, request);
    }
    if (!wantsHtml(request)) return { scope: done.scope, turnedOff: done.turnedOff };
    return page(reply, 200, done.language, { kind: 'done', scope: done.scope, turnedOff: done.turnedOff }, request);
  });
};
