import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, Email, EmailExistsResponse, SignInRequest, SignUpRequest } from '@oncodesk/shared/contracts';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/signup', { schema: { tags: ['auth'], body: SignUpRequest, response: { 201: AuthResponse } } }, async (request, reply) => {
    const result = await auth.signUp(request.body);
    return reply.status(201).send(result);
  });

  app.post('/auth/signin', { schema: { tags: ['auth'], body: SignInRequest, response: { 200: AuthResponse } } }, async (request) =>
    auth.signIn(request.body),
  );

  app.get(
    '/email/exists/:email',
    { schema: { tags: ['auth'], params: z.object({ email: Email }), response: { 200: EmailExistsResponse } } },
    async (request) => ({ exists: await auth.emailExists(request.params.email) }),
  );
};
