import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePlanRequest, Credits, PlanRequest, PlanRequestsResponse, PlansResponse } from '@oncodesk/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlansService } from './service';

/**
 * The per-account rate limiter for this plugin's scope: auth/rateLimit.ts `authRateLimiter`, handed in by
 * app.ts so that plans/ does not import auth/ (auth → users → plans already).
 */
export type PerAccountLimiter = (
  app: FastifyInstance,
) => Promise<{ perAccount(group: string, account: (request: FastifyRequest) => unknown): (request: FastifyRequest, reply: FastifyReply) => Promise<void> }>;

/**
 * Plans and their allowances (the upgrade prompt shows them), the signed-in user's credits this period,
 * and upgrade / call requests stored for the team (beta: no payment is taken).
 */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService; limiter: PerAccountLimiter }> = async (app, { plans, limiter }) => {
  const limit = await limiter(app);

  app.get('/plans', { schema: { tags: ['plans'], response: { 200: PlansResponse } } }, async () => ({ plans: await plans.list() }));

  app.get('/plans/credits', { schema: { tags: ['plans'], security: [{ bearer: [] }], response: { 200: Credits } } }, async (request) =>
    plans.credits(request.userId),
  );

  app.get('/plans/requests', { schema: { tags: ['plans'], security: [{ bearer: [] }], response: { 200: PlanRequestsResponse } } }, async (request) => ({
    requests: await plans.requests(request.userId),
  }));

  // counted per account like the other actions that reach the team or send mail (AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN)
  app.post(
    '/plans/requests',
    {
      preHandler: limit.perAccount('plan-request', (request) => request.userId),
      schema: { tags: ['plans'], security: [{ bearer: [] }], body: CreatePlanRequest, response: { 201: PlanRequest } },
    },
    async (request, reply) => reply.status(201).send(await plans.request(request.userId, request.body)),
  );
};
