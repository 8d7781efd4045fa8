import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../http/errors';
import type { JobQueue } from './queue';

const FailedJobs = z.object({
  kind: z.enum(['pg-boss', 'in-process']),
  failed: z.array(z.object({ id: z.string(), name: z.string(), data: z.unknown(), error: z.string(), attempts: z.number(), failedAt: z.string() })),
});

/**
 * The operator's view of background work: jobs that failed every attempt (the dead-letter list), and a
 * trial sync on demand. Behind OPS_TOKEN (a bearer token for operators, not a user session); without it
 * the routes do not exist.
 */
export const jobsRoutes: FastifyPluginAsync<{ jobs: JobQueue; opsToken: string | null }> = async (app, { jobs, opsToken }) => {
  if (!opsToken) return;
  const expected = Buffer.from(`Bearer ${opsToken}`);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    // constant-time: the token is a credential
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError(401, 'unauthorized');
  });
  r.get('/ops/jobs/failed', { schema: { tags: ['operations'], querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }), response: { 200: FailedJobs } } }, async (request) => ({
    kind: jobs.kind,
    failed: await jobs.failed(request.query.limit),
  }));
  r.post('/ops/trials/sync', { schema: { tags: ['operations'], response: { 202: z.object({ queued: z.boolean() }) } } }, async (_request, reply) => {
    const id = await jobs.send('trials.sync', {});
    return reply.code(202).send({ queued: id !== null });
  });
};
