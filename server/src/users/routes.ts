import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { User, UserPatchRequest } from '@oncodesk/shared/contracts';
import type { UsersService } from './service';

/** The signed-in user's own record. Every route here requires a session. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {

  app.get('/user', { schema: { tags: ['users'], security: [{ bearer: [] }], response: { 200: User } } }, async (request) =>
    users.get(request.userId),
  );

  app.patch('/user', { schema: { tags: ['users'], security: [{ bearer: [] }], body: UserPatchRequest, response: { 200: User } } }, async (request) =>
    users.patch(request.userId, request.body),
  );

  // Deletes the account and everything it owns (see ./deletion.ts); the client then signs out.
  app.delete('/user', { schema: { tags: ['users'], security: [{ bearer: [] }], response: { 204: z.null().describe('Deleted') } } }, async (request, reply) => {
    await users.remove(request.userId, request.log);
    // the account's sessions went with it; this instance forgets the ones it had checked
    await app.sessions.endAll(request.userId);
    return reply.status(204).send(null);
  });
};
