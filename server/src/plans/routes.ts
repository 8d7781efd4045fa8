import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlansResponse } from '@oncodesk/shared/contracts';
import type { PlansService } from './service';

/** Public list of plans and their search allowances (the upgrade prompt shows it). */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get('/plans', { schema: { tags: ['plans'], response: { 200: PlansResponse } } }, async () => ({ plans: await plans.list() }));
};
