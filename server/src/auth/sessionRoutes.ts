import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionParams, SessionsResponse, SignOutAllRequest } from '@oncodesk/shared/contracts';
import { notFound } from '../http/errors';

/**
 * The signed-in user's sessions: sign out (this session), sign out everywhere, the list of open sessions
 * (device, last use) and ending one of them. An ended session's token is refused at once on this
 * instance and within 30 s on others (http/session.ts).
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  app.post('/auth/signout', { schema: { tags, security } }, async (request, reply) => {
    await app.sessions.end(request.userId, request.sessionId);
    return reply.status(204).send();
  });
  // the body is optional (a bare POST ends every session): read it only when one was sent
  app.post('/auth/signout-all', { schema: { tags, security } }, async (request, reply) => {
    const body = SignOutAllRequest.safeParse(request.body ?? {});
    const keepCurrent = body.success && body.data.keepCurrent;
    await app.sessions.endAll(request.userId, keepCurrent ? request.sessionId : undefined);
    return reply.status(204).send();
  });
  app.get('/auth/sessions', { schema: { tags, security, response: { 200: SessionsResponse } } }, async (request) => ({
    sessions: (await app.sessions.list(request.userId)).map((s) => ({ ...s, current: s.id === request.sessionId })),
  }));
  app.delete('/auth/sessions/:id', { schema: { tags, security, params: SessionParams } }, async (request, reply) => {
    if (!(await app.sessions.end(request.userId, request.params.id))) throw notFound('session_not_found');
    return reply.status(204).send();
  });
};
