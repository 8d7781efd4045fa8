import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FindTreatmentRequest, FindTreatmentResponse, PackSummary } from '@oncodesk/shared/contracts';
import { languageOf } from '../http/messages';
import type { GuidelinesService } from './service';

/**
 * Treatment recommendations from guideline packs. The pack list is public (it names content, no patient);
 * find-treatment needs a session and only sees the caller's own folders. Answers spend no search credit and
 * are in the interface language (Accept-Language: en, es, it), the pack's rule text included.
 */
export const guidelinesRoutes: FastifyPluginAsyncZod<{ guidelines: GuidelinesService }> = async (app, { guidelines }) => {
  const tags = ['guidelines'];
  app.get('/guidelines/packs', { schema: { tags, response: { 200: z.object({ packs: z.array(PackSummary) }) } } }, async () => ({ packs: guidelines.packs() }));
  app.post(
    '/guidelines/find-treatment',
    { schema: { tags, security: [{ bearer: [] }], body: FindTreatmentRequest, response: { 200: FindTreatmentResponse } } },
    async (request) => guidelines.findTreatment(request.userId, request.body, languageOf(request.headers['accept-language'])),
  );
};
